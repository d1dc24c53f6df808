# Terraform 1.12 and later.
import {
  to = contactcenter_gateway_sms_signature.acme
  identity = {
    id = "3001"
  }
}
