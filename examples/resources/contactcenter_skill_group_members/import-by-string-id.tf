# Adopt an existing object: terraform plan shows the import, terraform apply records it.
import {
  to = contactcenter_skill_group_members.support
  id = "101"
}
