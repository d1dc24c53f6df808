# By the skill group's id (que_id):
terraform import contactcenter_skill_group_members.support 101

# Or by the group's name (que_name), matched exactly (letter case and spaces included):
terraform import contactcenter_skill_group_members.support que_name:Support
