# Actions need Terraform 1.14 or later.

# Free text to a few numbers (send_sms).
action "contactcenter_gateway_sms_send" "maintenance" {
  config {
    mobiles   = ["13800000001", "+8613800000002"]
    sms_text  = "Scheduled maintenance tonight from 22:00 to 23:00."
    sign_text = "Acme"
    exten     = "01"
  }
}

# An approved template to many numbers (send_batch; lists over 200 numbers
# are split into requests of at most 200).
action "contactcenter_gateway_sms_send" "launch" {
  config {
    mobiles    = var.customers
    tpl_id     = "5002"
    sms_params = { product = "Acme Cloud", date = "1 June" }
    sms_ext    = "launch-2026"
  }
}

variable "customers" {
  type    = list(string)
  default = ["13800000003", "13800000004"]
}

# Send after the resource is created: terraform apply runs the action, or
# run it alone with terraform apply -invoke=action.contactcenter_gateway_sms_send.maintenance
resource "terraform_data" "maintenance_window" {
  input = "2026-06-01T22:00:00+08:00"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_gateway_sms_send.maintenance]
    }
  }
}
