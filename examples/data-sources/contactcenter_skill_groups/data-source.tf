# Every skill group whose name contains "Support".
data "contactcenter_skill_groups" "support" {
  keyword = "Support"
}

output "support_group_ids" {
  value = data.contactcenter_skill_groups.support.skill_groups[*].id
}
