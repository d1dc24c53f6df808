# An agent made elsewhere (in the portal, by ccsync, or as here in the same
# configuration), read by its number with its skill groups and call-bar
# configuration.
variable "ann_password" {
  type      = string
  sensitive = true
}

resource "contactcenter_agent" "ann" {
  user_num                 = "8001"
  user_name                = "Ann Lee"
  user_password_wo         = var.ann_password
  user_password_wo_version = 1
}

data "contactcenter_agent" "ann" {
  user_num = contactcenter_agent.ann.user_num
}

output "ann_groups" {
  value = data.contactcenter_agent.ann.queue_names
}

output "ann_status" {
  value = data.contactcenter_agent.ann.user_status
}
