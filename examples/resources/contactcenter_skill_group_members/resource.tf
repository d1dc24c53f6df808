resource "contactcenter_skill_group" "support" {
  que_name     = "Support"
  que_priority = 10
}

resource "contactcenter_agent" "ann" {
  user_num      = "9101"
  user_name     = "Ann Lee"
  user_password = var.initial_password
}

resource "contactcenter_agent" "bob" {
  user_num      = "9102"
  user_name     = "Bob Chen"
  user_password = var.initial_password
}

variable "initial_password" {
  type      = string
  sensitive = true
}

# The whole membership of one group: agents not listed here are removed
# from it, and changes made outside Terraform show up in the next plan.
resource "contactcenter_skill_group_members" "support" {
  que_id = contactcenter_skill_group.support.id

  members = [
    { agent_id = contactcenter_agent.ann.id, skill = 10 },
    { agent_id = contactcenter_agent.bob.id, skill = 5 },
  ]
}
