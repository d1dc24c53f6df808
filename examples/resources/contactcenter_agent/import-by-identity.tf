# Terraform 1.12 and later: adopt an agent by its identity, its id (user_id).
import {
  to = contactcenter_agent.ann
  identity = {
    id = "1001"
  }
}
