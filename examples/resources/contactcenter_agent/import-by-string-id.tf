# Adopt an agent that exists: by its id (user_id) or as "user_num:<number>".
# An adopted agent needs no password in its configuration: a password there is
# set on the platform by the first apply after the import (it resets the
# agent's own). delete_mode is Terraform's setting, not the platform's: an
# import records the default "delete", and a configuration with "resign"
# shows an in-place change that the apply records without calling the API.
# Settings with a default (user_status, is_enable_mfa, the configuration
# objects, and user_phone_type, is_forbidden_login … where the agent list
# reports them) that the configuration leaves out are planned back to that
# default (a barred agent: is_forbidden_login = true -> false): write the
# agent's settings in (terraform plan -generate-config-out writes them all)
# unless the plan's changes are what you want.
import {
  to = contactcenter_agent.ann
  id = "user_num:8001"
}
