# Terraform 1.14 and later: list the approved gateway SMS signatures, then
# write their configuration and import blocks with
#   terraform query -generate-config-out=gateway_signatures.tf
# The gateway does not give a signature's image and remark back: the
# generated blocks have neither.
list "contactcenter_gateway_sms_signature" "approved" {
  provider         = contactcenter
  include_resource = true

  config {
    state = 1
  }
}
