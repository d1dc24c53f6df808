# Terraform 1.14 and later: list the approved SMS templates whose name
# contains "Reminder", then write their configuration and import blocks with
#   terraform query -generate-config-out=templates.tf
list "contactcenter_sms_template" "reminders" {
  provider         = contactcenter
  include_resource = true

  config {
    state   = 1
    keyword = "Reminder"
  }
}
