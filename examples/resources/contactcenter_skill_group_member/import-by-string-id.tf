# One agent in one group is imported as <que_id>:<agent_id>.
import {
  to = contactcenter_skill_group_member.ann_sales
  id = "102:1001"
}
