# The SMS gateway part of the contact center (spec §4.8): a signature and
# two templates. wait_for_approval makes each apply wait until the gateway's
# review approves them (the simulator's auto-approval does so after a few
# seconds), so the templates data source below already reads state = 1 and
# the next plan is empty. A rejection fails the apply with the reason.

resource "contactcenter_gateway_sms_signature" "brand" {
  sign_text = "Acme Support"
  remark    = "Brand signature of the support team"

  wait_for_approval = true
}

resource "contactcenter_gateway_sms_template" "callback" {
  tpl_title = "Callback scheduled"
  tpl_text  = "Hello $${name}, an agent will call you back at $${time}."
  tpl_type  = 2
  sign_text = contactcenter_gateway_sms_signature.brand.sign_text
  remark    = "Sent when a caller asks for a callback"

  wait_for_approval = true
}

resource "contactcenter_gateway_sms_template" "otp" {
  tpl_title = "Verification code"
  tpl_text  = "Your verification code is $${code}."
  tpl_type  = 1
  sign_text = contactcenter_gateway_sms_signature.brand.sign_text

  wait_for_approval = true
}

# Read this configuration's templates back by id. The gateway keeps every
# template it ever had (it has no delete), so listing them all would also
# show those of earlier applies, under the same titles.
data "contactcenter_gateway_sms_templates" "ours" {
  ids = [contactcenter_gateway_sms_template.callback.id, contactcenter_gateway_sms_template.otp.id]
}

output "gateway_templates" {
  value = { for t in data.contactcenter_gateway_sms_templates.ours.templates : t.tpl_title => { id = t.id, state = t.state, variables = t.variables } }
}
