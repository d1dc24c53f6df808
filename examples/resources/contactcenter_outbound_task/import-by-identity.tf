# Terraform 1.12 and later: import by the task's (its project id) identity.
import {
  to       = contactcenter_outbound_task.renewals
  identity = { id = "701" }
}
