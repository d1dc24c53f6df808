# Failed sends of one template on one day. tpl_id is the template's platform
# id (contactcenter_sms_template.x.tpl_id), not its id.
data "contactcenter_sms_records" "failed" {
  tpl_id     = 880001
  result     = 0
  start_time = "2026-03-01 00:00:00"
  end_time   = "2026-03-01 23:59:59"
}

# A number may have several records: group them (the "..." after the value).
output "failed_numbers" {
  value = { for r in data.contactcenter_sms_records.failed.records : r.mobile => r.errmsg... }
}
