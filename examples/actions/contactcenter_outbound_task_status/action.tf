# Actions need Terraform 1.14 or later: 1.13 accepts action blocks and never
# runs them, so the configuration asks for 1.14 (older versions then refuse it).
terraform {
  required_version = ">= 1.14"
}

# Open a task right after it is created. The action changes the status
# outside the resource's plan, so the resource leaves `status` to it
# (ignore_changes), and force_delete lets destroy remove the open task.
resource "contactcenter_outbound_task" "reminders" {
  name         = "Payment reminders"
  type         = 3
  trans_to     = "ivr_main"
  force_delete = true

  lifecycle {
    ignore_changes = [status]
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

# Pause (or open) tasks on demand:
#   terraform apply -invoke=action.contactcenter_outbound_task_status.pause
action "contactcenter_outbound_task_status" "pause" {
  config {
    ids    = [contactcenter_outbound_task.reminders.id]
    status = "paused" # open or paused
  }
}
