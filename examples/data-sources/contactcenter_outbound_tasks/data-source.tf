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

# Keyed by id: task names need not be unique (two tasks of one name made
# t.name => ... fail with "Duplicate object key").
output "calls_made" {
  value = { for t in data.contactcenter_outbound_tasks.predictive.tasks : t.id => { name = t.name, total_called = t.total_called } }
}
