# SMS: a signature and a template, both reviewed by the platform (the demo's
# simulator approves them after a few seconds), and a look at the send records.

resource "contactcenter_sms_signature" "support" {
  sign_text         = "Acme Support"
  remark            = "Signature of the support team"
  wait_for_approval = true
}

resource "contactcenter_sms_template" "callback" {
  template_name     = "Callback scheduled"
  template_contents = "Hello $${name}, an agent will call you back at $${time}. Reply STOP to opt out."
  sign_id           = contactcenter_sms_signature.support.id
  wait_for_approval = true
}

# Send records of the template (empty until something is sent, e.g. with the
# contactcenter_sms_send action on Terraform 1.14+).
data "contactcenter_sms_records" "callback" {
  tpl_id = contactcenter_sms_template.callback.tpl_id
}

output "sms_callback_template_id" {
  description = "Use as template_id of contactcenter_sms_send."
  value       = contactcenter_sms_template.callback.id
}

output "sms_callback_variables" {
  value = contactcenter_sms_template.callback.tpl_param
}

output "sms_callback_sent" {
  value = length(data.contactcenter_sms_records.callback.records)
}
