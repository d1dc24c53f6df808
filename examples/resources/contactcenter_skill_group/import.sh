# By the skill group's id (que_id):
terraform import contactcenter_skill_group.support 12

# Or by its name (que_name), matched exactly (letter case and spaces included):
terraform import contactcenter_skill_group.support que_name:Support
