# Adopt an agent that exists: by its id (user_id) or as "user_num:<number>".
# An adopted agent needs no password in its configuration.
import {
  to = contactcenter_agent.ann
  id = "user_num:8001"
}
