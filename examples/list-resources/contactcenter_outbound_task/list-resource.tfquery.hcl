# Terraform 1.14 and later: list the open predictive tasks whose name
# contains "Renewal", then write their configuration and import blocks with
#   terraform query -generate-config-out=tasks.tf
list "contactcenter_outbound_task" "renewals" {
  provider         = contactcenter
  include_resource = true

  config {
    type   = 1
    status = "open"
    name   = "Renewal"
  }
}
