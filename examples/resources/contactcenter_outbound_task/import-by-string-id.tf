# Adopt an existing task by its numeric id: terraform plan shows the import,
# terraform apply records it. force_delete is Terraform's setting, not the
# platform's: an import records the default false, and a configuration with
# force_delete = true shows an in-place change that the apply records without
# calling the API.
import {
  to = contactcenter_outbound_task.renewals
  id = "701"
}
