# Terraform 1.12 and later: import by the group's identity.
import {
  to       = contactcenter_skill_group_members.support
  identity = { que_id = "101" }
}
