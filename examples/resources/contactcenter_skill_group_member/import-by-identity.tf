# Terraform 1.12 and later: import by the group's and the agent's ids.
import {
  to       = contactcenter_skill_group_member.ann_sales
  identity = { que_id = "102", agent_id = "1001" }
}
