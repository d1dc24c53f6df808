# One agent by number, with its skill groups and call-bar configuration.
data "contactcenter_agent" "ann" {
  user_num = "8001"
}

output "ann_groups" {
  value = data.contactcenter_agent.ann.queue_names
}
