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
