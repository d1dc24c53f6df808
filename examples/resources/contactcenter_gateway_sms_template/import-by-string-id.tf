# Adopt an existing object: terraform plan shows the import, terraform apply records it.
import {
  to = contactcenter_gateway_sms_template.otp
  id = "5001"
}
