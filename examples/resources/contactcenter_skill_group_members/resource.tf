# The whole membership of one group: agents not listed here are removed
# from it, and changes made outside Terraform show up in the next plan.
resource "contactcenter_skill_group_members" "support" {
  que_id = contactcenter_skill_group.support.id

  members = [
    { agent_id = contactcenter_agent.ann.id, skill = 10 },
    { agent_id = contactcenter_agent.bob.id, skill = 5 },
  ]
}
