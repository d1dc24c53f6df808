# Terraform 1.14 and later: list the webhooks whose name contains "CRM" and
# whose address contains "crm.example.com", then write their configuration
# and import blocks with
#   terraform query -generate-config-out=webhooks.tf
list "contactcenter_webhook" "crm" {
  provider         = contactcenter
  include_resource = true

  config {
    name = "CRM"
    url  = "crm.example.com"
  }
}
