# Every template of the appId (read 50 per request).
data "contactcenter_gateway_sms_templates" "all" {}

# Only some ids.
data "contactcenter_gateway_sms_templates" "some" {
  ids = ["5001"]
}

output "approved_template_ids" {
  value = [for t in data.contactcenter_gateway_sms_templates.all.templates : t.id if t.state == 1]
}
