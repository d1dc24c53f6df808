# Terraform 1.14 and later: list every agent of the skill groups whose name
# contains "Sales", one result per agent and group, then write a
# contactcenter_skill_group_member block and an import block for each with
#   terraform query -generate-config-out=members.tf
list "contactcenter_skill_group_member" "sales" {
  provider         = contactcenter
  include_resource = true

  config {
    keyword = "Sales"
  }
}
