# An SMS template is imported by its id: the `id` that
# data.contactcenter_sms_templates lists. wait_for_approval and timeouts are
# Terraform's settings: an import records their defaults, and a configuration
# that sets them shows an in-place change. The apply makes no API call for it
# (with wait_for_approval = true it waits for a review still pending).
import {
  to = contactcenter_sms_template.parcel
  id = "3001"
}
