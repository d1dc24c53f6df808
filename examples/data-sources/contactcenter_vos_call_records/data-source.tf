# Today's VOS call records (the default range).
data "contactcenter_vos_call_records" "today" {}

# A week of records (at most one month).
data "contactcenter_vos_call_records" "week" {
  time_start_begin = "2026-03-01 00:00:00"
  time_start_end   = "2026-03-07 23:59:59"
}

output "calls_today" {
  value = length(data.contactcenter_vos_call_records.today.records)
}
