# Today's VOS call records (the default range: today on the platform's clock).
data "contactcenter_vos_call_records" "today" {}

# A week of records (at most one month). Times are the platform's local time,
# written without a zone.
data "contactcenter_vos_call_records" "week" {
  time_start_begin = "2026-03-01 00:00:00"
  time_start_end   = "2026-03-07 23:59:59"
}

# The last seven days, as a rolling window. plantimestamp() is UTC: add the
# platform's UTC offset to read its clock ("0h" here; "8h" for a platform on
# UTC+8).
locals {
  platform_now = timeadd(plantimestamp(), "0h")
}

data "contactcenter_vos_call_records" "last_7_days" {
  time_start_begin = formatdate("YYYY-MM-DD 00:00:00", timeadd(local.platform_now, "-144h"))
  time_start_end   = formatdate("YYYY-MM-DD hh:mm:ss", local.platform_now)
}

output "calls_today" {
  value = length(data.contactcenter_vos_call_records.today.records)
}
