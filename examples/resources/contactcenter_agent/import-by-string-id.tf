# Adopt an agent that exists: by its id (user_id) or as "user_num:<number>".
# An adopted agent needs no password in its configuration: a password there is
# set on the platform by the first apply after the import (it resets the
# agent's own). delete_mode is Terraform's setting, not the platform's: an
# import records the default "delete", and a configuration with "resign"
# shows an in-place change that the apply records without calling the API.
# Settings with a default (user_status, is_enable_mfa, the configuration
# objects) that the configuration leaves out are planned back to that default:
# write the agent's settings in (terraform plan -generate-config-out writes
# them all) unless the plan's changes are what you want.
import {
  to = contactcenter_agent.ann
  id = "user_num:8001"
}
