# Adopt an existing object: terraform plan shows the import, terraform apply records it.
import {
  to = contactcenter_skill_group_member.ann_sales
  id = "102:1001"
}
