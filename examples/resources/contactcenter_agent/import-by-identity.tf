# Terraform 1.12 and later: import by identity, the agent's id (user_id).
import {
  to       = contactcenter_agent.ann
  identity = { id = "1001" }
}
