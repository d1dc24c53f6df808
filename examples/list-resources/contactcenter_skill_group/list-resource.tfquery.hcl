# Terraform 1.14 and later: list the skill groups whose name contains
# "Sales", then write their configuration and import blocks with
#   terraform query -generate-config-out=skill_groups.tf
list "contactcenter_skill_group" "sales" {
  provider         = contactcenter
  include_resource = true

  config {
    keyword = "Sales"
  }
}
