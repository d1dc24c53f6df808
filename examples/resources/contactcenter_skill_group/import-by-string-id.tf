# A skill group is imported by its id (que_id).
import {
  to = contactcenter_skill_group.support
  id = "12"
}
