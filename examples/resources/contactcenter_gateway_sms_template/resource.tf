# A template on the SMS gateway. Variables are written ${name} (escaped as
# $${name} inside Terraform strings). It starts pending (state = 0); only
# approved templates can send. Any change replaces it; destroy only forgets it.
resource "contactcenter_gateway_sms_signature" "acme" {
  sign_text         = "Acme"
  wait_for_approval = true # a template is bound to an approved signature
}

resource "contactcenter_gateway_sms_template" "otp" {
  tpl_title = "Login code"
  tpl_text  = "Your login code is $${code}. It expires in $${minutes} minutes."
  tpl_type  = 1 # 1 verification code, 2 notice, 3 marketing
  sign_text = contactcenter_gateway_sms_signature.acme.sign_text
  remark    = "Sent after each login attempt"

  # Wait until the review approves it (state = 1), so it can send as soon
  # as the apply ends; a rejection fails the apply with the reason.
  wait_for_approval = true
  timeouts = {
    create = "1h"
  }
}

output "otp_variables" {
  # ["code", "minutes"]: the order of sms_params_list when sending.
  value = contactcenter_gateway_sms_template.otp.variables
}
