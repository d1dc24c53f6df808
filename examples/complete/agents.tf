# Agents of the demo contact center, placed in the support skill group
# (contactcenter_skill_group.support, declared in main.tf).

variable "agent_password" {
  type        = string
  sensitive   = true
  description = "Initial password of the demo agents (write-only: never stored in state)."
  default     = "Demo-Passw0rd!"
}

locals {
  support_agents = {
    "8001" = { name = "Ann Lee", email = "ann.lee@example.com", skill = 10 }
    "8002" = { name = "Bob Chen", email = "bob.chen@example.com", skill = 5 }
    "8003" = { name = "Cleo Wu", email = "cleo.wu@example.com", skill = 5 }
  }
}

resource "contactcenter_agent" "support" {
  for_each = local.support_agents

  user_num                 = each.key
  user_name                = each.value.name
  user_email               = each.value.email
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
      auto_answer = each.value.skill >= 10
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
    for num, a in local.support_agents : {
      agent_id = contactcenter_agent.support[num].id
      skill    = a.skill
    }
  ]
}

output "support_agent_ids" {
  value = { for num, a in contactcenter_agent.support : num => a.id }
}
