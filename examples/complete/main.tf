# A whole contact center, as code. `make demo` applies this directory against
# the built-in simulator; every <domain>.tf file beside this one adds its part
# (agents, outbound tasks, SMS, webhooks, voice files ...).
#
# The provider reads its connection from the environment, so the same files
# work against the simulator and a real deployment:
#
#   CONTACTCENTER_ENDPOINT      origin serving all five surfaces (or the
#                               per-surface CONTACTCENTER_BASE_URL ... variables)
#   CONTACTCENTER_ACCESS_TOKEN  bearer token
#   CONTACTCENTER_SMS_APP_ID    SMS gateway appId
#   CONTACTCENTER_SMS_APP_KEY   SMS gateway secret

terraform {
  required_version = ">= 1.11"

  required_providers {
    contactcenter = {
      source = "contactcenter/contactcenter"
    }
  }
}

provider "contactcenter" {}

# The support queue every other part of the contact center refers to.
resource "contactcenter_skill_group" "support" {
  que_name      = "Support"
  que_priority  = 10
  que_num       = "8001"
  que_strategy  = 1 # longest wait first
  que_time      = 120
  ring_time     = 20
  auto_evaluate = 1
  force_delete  = true # agents added by other files do not block a destroy
}

# Read the group back the way another team's configuration would find it.
data "contactcenter_skill_groups" "support" {
  keyword = contactcenter_skill_group.support.que_name
}

output "support_skill_group_id" {
  description = "Id (que_id) of the support skill group."
  value       = contactcenter_skill_group.support.id
}

output "support_skill_groups_found" {
  description = "Skill groups whose name contains the support group's name, as the data source sees them."
  value = [
    for g in data.contactcenter_skill_groups.support.skill_groups : {
      id           = g.id
      que_name     = g.que_name
      que_priority = g.que_priority
    }
  ]
}
