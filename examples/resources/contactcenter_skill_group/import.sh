# A skill group is imported by its id (que_id).
terraform import contactcenter_skill_group.support 12
