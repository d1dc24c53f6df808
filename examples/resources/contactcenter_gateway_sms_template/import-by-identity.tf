# Terraform 1.12 and later: import by the template's identity.
import {
  to       = contactcenter_gateway_sms_template.otp
  identity = { id = "5001" }
}
