# A gateway template is imported by its id (tplId). wait_for_approval and
# timeouts are Terraform's settings: an import records their defaults, and a
# configuration that sets them shows an in-place change. The apply makes no
# API call for it, and does not wait for a review still pending:
# wait_for_approval only matters on create.
import {
  to = contactcenter_gateway_sms_template.otp
  id = "5001"
}
