# An outbound task is imported by its numeric project id.
terraform import contactcenter_outbound_task.renewals 701
