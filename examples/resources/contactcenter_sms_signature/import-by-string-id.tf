import {
  to = contactcenter_sms_signature.acme
  id = "101"
}
