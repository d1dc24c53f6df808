# Every IVR, and one looked up by name.
data "contactcenter_ivrs" "all" {}

data "contactcenter_ivrs" "main" {
  ivr_name = "Main menu"
}

# Names need not be unique: each name maps to the codes of its IVRs.
output "ivr_codes" {
  value = { for i in data.contactcenter_ivrs.all.ivrs : i.ivr_name => i.ivr_code... }
}

output "main_menu_id" {
  value = one(data.contactcenter_ivrs.main.ids)
}

# An automatic task hands its answered calls to an IVR by its code (ivr_code),
# not by its id (ids); the plan fails when no IVR or several have the name.
resource "contactcenter_outbound_task" "reminders" {
  name     = "Payment reminders"
  type     = 3
  trans_to = one(data.contactcenter_ivrs.main.ivrs).ivr_code
}
