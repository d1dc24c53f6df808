# Actions need Terraform 1.14 or later: 1.13 accepts action blocks and never
# runs them, so the configuration asks for 1.14 (older versions then refuse it).
terraform {
  required_version = ">= 1.14"
}

# The signature and template to send with, approved before the actions run.
resource "contactcenter_gateway_sms_signature" "acme" {
  sign_text         = "Acme"
  wait_for_approval = true
}

resource "contactcenter_gateway_sms_template" "launch" {
  tpl_title         = "Product launch"
  tpl_text          = "Hello $${name}, $${product} is available from $${date}."
  tpl_type          = 3
  sign_text         = contactcenter_gateway_sms_signature.acme.sign_text
  wait_for_approval = true
}

# Free text to a few numbers (send_sms).
action "contactcenter_gateway_sms_send" "maintenance" {
  config {
    mobiles   = ["13800000001", "+8613800000002"]
    sms_text  = "Scheduled maintenance tonight from 22:00 to 23:00."
    sign_text = contactcenter_gateway_sms_signature.acme.sign_text
    exten     = "01"
  }
}

# An approved template to many numbers with the same values (send_batch;
# lists over 200 numbers are split into requests of at most 200).
action "contactcenter_gateway_sms_send" "launch" {
  config {
    mobiles    = var.customers
    tpl_id     = contactcenter_gateway_sms_template.launch.id
    sms_params = { name = "customer", product = "Acme Cloud", date = "1 June" }
    sms_ext    = "launch-2026"
  }
}

# Each number with its own values (one send_file request for all of them):
# values by position, in the order of the template's variables.
action "contactcenter_gateway_sms_send" "launch_personal" {
  config {
    tpl_id          = contactcenter_gateway_sms_template.launch.id
    sms_params_list = ["customer", "Acme Cloud", "1 June"] # shared values
    recipients = [
      { mobile = "13800000005", sms_params_list = ["Ann"] },
      { mobile = "13800000006", sms_params_list = ["Bo", "Acme Cloud Pro"] },
    ]
  }
}

variable "customers" {
  type    = list(string)
  default = ["13800000003", "13800000004"]
}

# Send after the template is approved: terraform apply runs the actions, or
# run one alone with terraform apply -invoke=action.contactcenter_gateway_sms_send.maintenance
resource "terraform_data" "launch" {
  input = contactcenter_gateway_sms_template.launch.id
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_gateway_sms_send.maintenance, action.contactcenter_gateway_sms_send.launch, action.contactcenter_gateway_sms_send.launch_personal]
    }
  }
}
