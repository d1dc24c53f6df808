# Adopt an existing object: terraform plan shows the import, terraform apply records it.
import {
  to = contactcenter_agent.ann
  id = "1001" # or "user_num:8001": the agent number
}
