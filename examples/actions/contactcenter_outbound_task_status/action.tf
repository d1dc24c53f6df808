# Open (start dialing) tasks on demand: terraform apply -invoke=action.contactcenter_outbound_task_status.start
action "contactcenter_outbound_task_status" "start" {
  config {
    ids    = [701, 702]
    status = "open" # open or paused
  }
}

# Or open a task right after it is created.
resource "contactcenter_outbound_task" "reminders" {
  name     = "Payment reminders"
  type     = 3
  trans_to = "ivr-payments"

  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_outbound_task_status.open_reminders]
    }
  }
}

action "contactcenter_outbound_task_status" "open_reminders" {
  config {
    ids    = [contactcenter_outbound_task.reminders.id]
    status = "open"
  }
}
