# An agent with a write-only password: the password never reaches plan or
# state. Bump user_password_wo_version to rotate it.
variable "ann_password" {
  type      = string
  sensitive = true
}

resource "contactcenter_agent" "ann" {
  user_num                 = "8001"
  user_name                = "Ann Lee"
  user_password_wo         = var.ann_password
  user_password_wo_version = 1

  ag_nickname    = "Ann"
  user_email     = "ann.lee@example.com"
  user_sms_phone = "13800000001"
  user_type      = "1,2" # call center and online chat
  max_sessions   = 20
  basic_sessions = 5

  # Leaving the agent keeps its history.
  delete_mode = "resign"

  wait_time_config = {
    type      = 1
    next_wait = 15
  }

  notice_config = {
    type                   = 1
    system_notice_position = "topRight"
    auto_close_interval    = 10
  }

  wincall_buttons = {
    type = 1
    buttons = {
      consult   = true
      transfer  = true
      threeway  = true
      trans_ivr = true
      logout    = true
    }
  }
}
