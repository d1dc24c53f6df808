# What the tasks refer to: the skill groups calls go to, the agents who take
# them, and the webhook that receives their call records.
variable "agent_password" {
  type      = string
  sensitive = true
}

resource "contactcenter_skill_group" "renewals" {
  que_name     = "Renewals"
  que_priority = 10
}

resource "contactcenter_skill_group" "survey_escalation" {
  que_name     = "Survey escalation"
  que_priority = 20
}

resource "contactcenter_agent" "ann" {
  user_num                 = "9001"
  user_name                = "Ann Lee"
  user_password_wo         = var.agent_password
  user_password_wo_version = 1
}

resource "contactcenter_agent" "bo" {
  user_num                 = "9002"
  user_name                = "Bo Chen"
  user_password_wo         = var.agent_password
  user_password_wo_version = 1
}

# With scheduling on, a robot task's agents must belong to its config.que_id.
resource "contactcenter_skill_group_member" "ann_escalation" {
  que_id   = contactcenter_skill_group.survey_escalation.id
  agent_id = contactcenter_agent.ann.id
  skill    = 1
}

resource "contactcenter_webhook" "hangup" {
  name       = "Renewals hang-up records"
  url        = "https://crm.example.com/hooks/hangup"
  status     = true
  event_type = 1 # the hang-up call record
}

# A predictive task (type 1): the dialer calls ahead of free agents and
# connects answered calls to the agents listed in assigned_users.
resource "contactcenter_outbound_task" "renewals" {
  name     = "Contract renewals"
  type     = 1
  status   = "paused" # closed, open or paused
  priority = 150      # 0-255, larger gets more of the lines
  callers  = ["95001001"]
  trans_to = contactcenter_skill_group.renewals.id # mc_transque: the skill group the calls go to

  assigned_users = [
    { user_num = contactcenter_agent.ann.user_num, conn_limit = 2 },
    { user_num = contactcenter_agent.bo.user_num },
  ]

  config = {
    call_ratio_type   = 1 # manual
    manual_call_ratio = 1.5
    max_call_ratio    = 3
    makecall_flag     = 8 # record whole calls
    webhook = {
      enable = true
      ids    = [contactcenter_webhook.hangup.id]
    }
  }

  recall_strategies = {
    default = {
      recall           = 1
      recall_max_times = 2
      recall_interval  = [10, 60] # minutes before the first and the second recall
    }
  }

  worktime = {
    name = "office hours"
    working = {
      "1" = [["09:00:00", "12:00:00"], ["13:30:00", "18:00:00"]] # Monday
      "2" = [["09:00:00", "18:00:00"]]
    }
  }

  filter_rules = {
    blacklist      = true
    call_blacklist = true
  }
}

# An automatic task (type 3): answered calls go to an IVR.
resource "contactcenter_outbound_task" "reminders" {
  name     = "Payment reminders"
  type     = 3
  trans_to = "ivr_main" # mc_transivr: the IVR code (ivr_code of contactcenter_ivrs)
}

# A robot task (type 4): a voice robot talks, and hands over to agents of
# que_id when scheduling is on.
resource "contactcenter_outbound_task" "survey" {
  name       = "Satisfaction survey"
  type       = 4
  trans_to   = "script-42" # mc_transai: the robot script
  enable_asr = true

  assigned_users = [{ user_id = contactcenter_agent.ann.id }] # a member of config.que_id

  config = {
    max_call_ratio   = 2
    nlp_silence_time = 800
    enable_scheduler = true
    agent_wait_time  = 10
    que_id           = contactcenter_skill_group.survey_escalation.id
    tts = {
      provider = "ali"
      name     = "xiaoyun"
      voice    = "xiaoyun"
      volume   = 50
    }
  }

  recall_strategies = {
    asr = {
      "1" = { recall = 1, recall_max_times = 3, recall_interval = [5, 15, 30] } # user busy
      "3" = { recall = 1, recall_max_times = 1, recall_interval = [120] }       # powered off
    }
  }

  force_delete = true # destroy even while open

  depends_on = [contactcenter_skill_group_member.ann_escalation]
}
