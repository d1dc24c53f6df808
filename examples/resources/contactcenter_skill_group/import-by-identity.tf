# Terraform 1.12 and later: import by the group's identity.
import {
  to       = contactcenter_skill_group.support
  identity = { id = "12" }
}
