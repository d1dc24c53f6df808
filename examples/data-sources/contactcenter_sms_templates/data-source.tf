# Approved templates of department 0 whose name contains "Parcel".
data "contactcenter_sms_templates" "parcel" {
  keyword = "Parcel"
  dept_id = 0
  state   = 1
}

output "parcel_templates" {
  value = { for t in data.contactcenter_sms_templates.parcel.templates : t.tpl_title => t.id }
}
