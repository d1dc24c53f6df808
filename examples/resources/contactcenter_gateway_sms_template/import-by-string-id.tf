import {
  to = contactcenter_gateway_sms_template.otp
  id = "5001"
}
