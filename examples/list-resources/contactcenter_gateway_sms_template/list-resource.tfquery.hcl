# Terraform 1.14 and later: list the approved gateway SMS templates, then
# write their configuration and import blocks with
#   terraform query -generate-config-out=gateway_templates.tf
list "contactcenter_gateway_sms_template" "approved" {
  provider         = contactcenter
  include_resource = true

  config {
    state = 1
  }
}
