import {
  to = contactcenter_gateway_sms_signature.acme
  id = "3001"
}
