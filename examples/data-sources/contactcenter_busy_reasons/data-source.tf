# The reasons an agent can give for going busy (ag_stat 2).
data "contactcenter_busy_reasons" "busy" {
  ag_stat = "2"
}

output "busy_reasons" {
  value = { for r in data.contactcenter_busy_reasons.busy.busy_reasons : r.id => r.stat_reason }
}
