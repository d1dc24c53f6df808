# <que_id>:<agent_id>
terraform import contactcenter_skill_group_member.ann_sales 102:1001
