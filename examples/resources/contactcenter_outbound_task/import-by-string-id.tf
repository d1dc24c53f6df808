# Adopt an existing object: terraform plan shows the import, terraform apply records it.
import {
  to = contactcenter_outbound_task.renewals
  id = "701"
}
