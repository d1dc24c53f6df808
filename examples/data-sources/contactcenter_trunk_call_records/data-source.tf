# Trunk call records of one day (a range of at most one month). Times are the
# platform's local time, written without a zone.
data "contactcenter_trunk_call_records" "day" {
  time_start_begin = "2026-03-02 00:00:00"
  time_start_end   = "2026-03-02 23:59:59"
}

# The last ten days, as a rolling window. plantimestamp() is UTC: add the
# platform's UTC offset to read its clock ("0h" here; "8h" for a platform on
# UTC+8).
locals {
  platform_now = timeadd(plantimestamp(), "0h")
}

data "contactcenter_trunk_call_records" "last_10_days" {
  time_start_begin = formatdate("YYYY-MM-DD hh:mm:ss", timeadd(local.platform_now, "-240h"))
  time_start_end   = formatdate("YYYY-MM-DD hh:mm:ss", local.platform_now)
}

# Or one call by its id. (The simulator holds calls of the last 40 days
# only, named after their day: sim-call-<yyyymmdd>-001 is today's first, so
# the day above and the id here find no record there; last_10_days does.)
data "contactcenter_trunk_call_records" "one" {
  call_id = "sim-call-20260302-001"
}

output "connected_calls" {
  value = length([for r in data.contactcenter_trunk_call_records.day.records : r if r.dur_conn > 0])
}

# A call has one record per leg: group them by call (the "..." after the
# value); without it, a call with two legs fails with "Duplicate object key".
output "call_types_by_call" {
  value = { for r in data.contactcenter_trunk_call_records.day.records : r.call_id => r.call_type_name... }
}
