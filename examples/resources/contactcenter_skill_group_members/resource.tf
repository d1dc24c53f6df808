resource "contactcenter_skill_group" "support" {
  que_name     = "Support"
  que_priority = 10
}

variable "support_agents" {
  description = "The support agents: user_num => name."
  type        = map(string)
  default     = { "9101" = "Ann Lee", "9102" = "Bob Chen" }
}

resource "contactcenter_agent" "support" {
  for_each      = var.support_agents
  user_num      = each.key
  user_name     = each.value
  user_password = var.initial_password
}

variable "initial_password" {
  type      = string
  sensitive = true
}

# The whole membership of one group: agents not listed here are removed
# from it, and changes made outside Terraform show up in the next plan.
# members may be built with a for expression over agents made with for_each.
resource "contactcenter_skill_group_members" "support" {
  que_id  = contactcenter_skill_group.support.id
  members = [for a in contactcenter_agent.support : { agent_id = a.id, skill = 5 }]
}
