# A skill group is imported by its id (que_id) or as "que_name:<group name>"
# (names are unique, and the same in every contact center, where ids are not).
# force_delete is Terraform's setting, not the platform's: an import records
# the default false, and a configuration with force_delete = true shows an
# in-place change that the apply records without calling the API.
import {
  to = contactcenter_skill_group.support
  id = "que_name:Support"
}
