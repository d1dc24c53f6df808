# Terraform 1.12 and later: import by the agent's (its user_id) identity.
import {
  to       = contactcenter_agent.ann
  identity = { id = "1001" }
}
