# A skill group is imported by its id (que_id). force_delete is Terraform's
# setting, not the platform's: an import records the default false, and a
# configuration with force_delete = true shows an in-place change that the
# apply records without calling the API.
import {
  to = contactcenter_skill_group.support
  id = "12"
}
