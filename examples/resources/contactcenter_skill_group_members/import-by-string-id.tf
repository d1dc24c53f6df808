# The membership of a group is imported by the group's id (que_id).
import {
  to = contactcenter_skill_group_members.support
  id = "101"
}
