# Webhooks whose name contains "CRM".
data "contactcenter_webhooks" "crm" {
  name = "CRM"
}

output "crm_webhook_ids" {
  value = [for w in data.contactcenter_webhooks.crm.webhooks : w.id]
}
