# Terraform 1.14 and later: list the agents of one skill group (its id), one
# result with all of them, then write a contactcenter_skill_group_members
# block and its import block with
#   terraform query -generate-config-out=members.tf
# A group without agents is listed only with include_empty = true in config:
# adopted, its membership would be held empty.
list "contactcenter_skill_group_members" "support" {
  provider         = contactcenter
  include_resource = true

  config {
    que_id = "12"
  }
}
