# Trunk call records of one day (a range of at most one month).
data "contactcenter_trunk_call_records" "day" {
  time_start_begin = "2026-03-02 00:00:00"
  time_start_end   = "2026-03-02 23:59:59"
}

# Or one call by its id.
data "contactcenter_trunk_call_records" "one" {
  call_id = "sim-call-20260302-001"
}

output "connected_calls" {
  value = length([for r in data.contactcenter_trunk_call_records.day.records : r if r.dur_conn > 0])
}
