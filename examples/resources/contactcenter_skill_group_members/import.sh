# By the skill group's id (que_id):
terraform import contactcenter_skill_group_members.support 101
