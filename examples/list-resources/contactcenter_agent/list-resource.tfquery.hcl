# Terraform 1.14 and later: list the agents on duty of department 2 that take
# calls, then write their configuration and import blocks with
#   terraform query -generate-config-out=agents.tf
list "contactcenter_agent" "on_duty" {
  provider         = contactcenter
  include_resource = true

  config {
    user_status = [1]
    dept_ids    = [2]
    user_type   = ["1"]
  }
}
