# Terraform 1.12 and later: import by identity, the task's project id.
import {
  to       = contactcenter_outbound_task.renewals
  identity = { id = "701" }
}
