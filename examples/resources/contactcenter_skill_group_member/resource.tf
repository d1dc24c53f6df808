resource "contactcenter_skill_group" "sales" {
  que_name     = "Sales"
  que_priority = 20
}

resource "contactcenter_agent" "ann" {
  user_num      = "9201"
  user_name     = "Ann Lee"
  user_password = var.initial_password
}

variable "initial_password" {
  type      = string
  sensitive = true
}

# One agent in one group; other agents of the group are left alone. Do not
# combine with contactcenter_skill_group_members for the same group.
resource "contactcenter_skill_group_member" "ann_sales" {
  que_id   = contactcenter_skill_group.sales.id
  agent_id = contactcenter_agent.ann.id
  skill    = 3
}
