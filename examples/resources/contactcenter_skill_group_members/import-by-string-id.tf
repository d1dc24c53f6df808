# The membership of a group is imported by the group's id (que_id) or as
# "que_name:<group name>".
import {
  to = contactcenter_skill_group_members.support
  id = "101"
}
