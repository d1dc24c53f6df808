# Terraform 1.12 and later.
import {
  to = contactcenter_sms_signature.acme
  identity = {
    id = "101"
  }
}
