# An SMS template is imported by its id: the `id` that
# data.contactcenter_sms_templates lists, or as "template_name:<name>", the
# same in every contact center, where ids are not (refused when no template
# or several have the name). wait_for_approval and timeouts are
# Terraform's settings: an import records their defaults, and a configuration
# that sets them shows an in-place change. The apply makes no API call for it
# (with wait_for_approval = true it waits for a review still pending).
import {
  to = contactcenter_sms_template.parcel
  id = "template_name:Parcel shipped"
}
