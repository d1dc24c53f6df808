# Terraform 1.12 and later: import by the signature's identity.
import {
  to       = contactcenter_gateway_sms_signature.acme
  identity = { id = "3001" }
}
