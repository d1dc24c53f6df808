# Terraform 1.12 and later.
import {
  to = contactcenter_gateway_sms_template.otp
  identity = {
    id = "5001"
  }
}
