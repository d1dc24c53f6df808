# Agents of the demo contact center, placed in the support skill group
# (contactcenter_skill_group.support, declared in main.tf).

variable "agent_password" {
  type        = string
  sensitive   = true
  description = "Initial password of the demo agents (write-only: never stored in state)."
  default     = "Demo-Passw0rd!"
}

locals {
  # A list (count) rather than a map (for_each): the examples' test harness,
  # terraform-plugin-testing, cannot read for_each instances from state.
  support_agents = [
    { num = "8001", name = "Ann Lee", email = "ann.lee@example.com", skill = 10 },
    { num = "8002", name = "Bob Chen", email = "bob.chen@example.com", skill = 5 },
    { num = "8003", name = "Cleo Wu", email = "cleo.wu@example.com", skill = 5 },
  ]
}

resource "contactcenter_agent" "support" {
  count = length(local.support_agents)

  user_num                 = local.support_agents[count.index].num
  user_name                = local.support_agents[count.index].name
  user_email               = local.support_agents[count.index].email
  user_password_wo         = var.agent_password
  user_password_wo_version = 1
  user_type                = "1,2"
  max_sessions             = 10
  basic_sessions           = 3

  wait_time_config = {
    type      = 1
    next_wait = 10
  }

  wincall_buttons = {
    type = 1
    buttons = {
      consult     = true
      transfer    = true
      threeway    = true
      evaluation  = true
      auto_answer = local.support_agents[count.index].skill >= 10
      logout      = true
    }
  }

  wincall_transfer_queues = {
    type            = 1
    transfer_queues = [contactcenter_skill_group.support.id]
  }
}

# The whole membership of the support group: senior agents get the higher skill.
resource "contactcenter_skill_group_members" "support" {
  que_id = contactcenter_skill_group.support.id
  members = [
    for i, a in local.support_agents : {
      agent_id = contactcenter_agent.support[i].id
      skill    = a.skill
    }
  ]
}

output "support_agent_ids" {
  value = { for a in contactcenter_agent.support : a.user_num => a.id }
}
