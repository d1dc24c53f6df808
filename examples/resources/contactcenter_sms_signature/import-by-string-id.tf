# An SMS signature is imported by its id: the `id` that
# data.contactcenter_sms_signatures lists (not its sign_id), or as
# "sign_text:<text>", the same in every contact center, where ids are not
# (refused when no signature or several have the text).
# wait_for_approval and timeouts are Terraform's settings: an import records
# their defaults, and a configuration that sets them shows an in-place change.
# The apply makes no API call for it (with wait_for_approval = true it waits
# for a review still pending).
import {
  to = contactcenter_sms_signature.acme
  id = "sign_text:Acme Parcels"
}
