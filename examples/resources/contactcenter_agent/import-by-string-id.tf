# Adopt an agent that exists: by its id (user_id) or as "user_num:<number>".
# An adopted agent needs no password in its configuration: a password there is
# set on the platform by the first apply after the import (it resets the
# agent's own). delete_mode is Terraform's setting, not the platform's: an
# import records the default "delete", and a configuration with "resign"
# shows an in-place change that the apply records without calling the API.
import {
  to = contactcenter_agent.ann
  id = "user_num:8001"
}
