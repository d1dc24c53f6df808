# Open robot tasks whose name contains "survey" (projects/lists).
data "contactcenter_outbound_tasks" "open_surveys" {
  type   = 4
  status = "open"
  name   = "survey"
}

# Every predictive task at once (projects/all).
data "contactcenter_outbound_tasks" "predictive" {
  type = 1
  all  = true
}

output "calls_made" {
  value = { for t in data.contactcenter_outbound_tasks.predictive.tasks : t.name => t.total_called }
}
