# Outbound calling: webhooks for call events and one task of each kind.
# Predictive calls go to contactcenter_skill_group.support (main.tf); the
# agents and the robot's escalation group are this file's own, so the
# support group's membership (agents.tf) is left alone.

resource "contactcenter_agent" "caller_ann" {
  user_num                 = "7001"
  user_name                = "Ann (outbound)"
  user_password_wo         = "Demo-Outbound-1"
  user_password_wo_version = 1
}

resource "contactcenter_agent" "caller_bo" {
  user_num                 = "7002"
  user_name                = "Bo (outbound)"
  user_password_wo         = "Demo-Outbound-2"
  user_password_wo_version = 1
}

# The group the survey robot hands calls over to. Bo takes those calls, so
# Bo belongs to it (§2.7.3: with scheduling, assigned agents must be members).
resource "contactcenter_skill_group" "survey_escalation" {
  que_name     = "Survey escalation"
  que_priority = 20
  force_delete = true
}

resource "contactcenter_skill_group_member" "bo_survey" {
  que_id   = contactcenter_skill_group.survey_escalation.id
  agent_id = contactcenter_agent.caller_bo.id
}

resource "contactcenter_webhook" "hangup" {
  name       = "CRM hang-up records"
  url        = "https://crm.example.com/hooks/hangup"
  status     = true
  event_type = 1
}

resource "contactcenter_webhook" "pre_call" {
  name       = "CRM pre-call lookup"
  url        = "https://crm.example.com/hooks/pre-call"
  status     = true
  event_type = 2
}

# Predictive (type 1): agents Ann and Bo take the answered calls.
resource "contactcenter_outbound_task" "renewals" {
  name     = "Contract renewals"
  type     = 1
  status   = "paused"
  trans_to = contactcenter_skill_group.support.id
  callers  = ["95001001"]

  assigned_users = [
    { user_num = contactcenter_agent.caller_ann.user_num, conn_limit = 2 },
    { user_num = contactcenter_agent.caller_bo.user_num },
  ]

  config = {
    call_ratio_type = 0 # automatic ratio
    max_call_ratio  = 3
    webhook = {
      enable = true
      ids    = [contactcenter_webhook.hangup.id, contactcenter_webhook.pre_call.id]
    }
  }

  worktime = {
    name = "office hours"
    working = {
      "1" = [["09:00:00", "12:00:00"], ["13:30:00", "18:00:00"]]
      "2" = [["09:00:00", "18:00:00"]]
      "3" = [["09:00:00", "18:00:00"]]
      "4" = [["09:00:00", "18:00:00"]]
      "5" = [["09:00:00", "16:00:00"]]
    }
  }

  recall_strategies = {
    default = { recall = 1, recall_max_times = 2, recall_interval = [10, 60] }
  }
}

# Automatic (type 3): answered calls go to the main menu IVR, by its code.
resource "contactcenter_outbound_task" "reminders" {
  name         = "Payment reminders"
  type         = 3
  status       = "open"
  force_delete = true # an open task is deleted only with is_force
  trans_to     = "ivr_main"

  config = {
    webhook = {
      enable = true
      ids    = [contactcenter_webhook.hangup.id]
    }
  }

  filter_rules = {
    blacklist      = true
    call_blacklist = true
  }
}

# Robot (type 4): a voice robot surveys customers and hands over to the
# escalation group when a person is needed.
resource "contactcenter_outbound_task" "survey" {
  name       = "Satisfaction survey"
  type       = 4
  trans_to   = "script-42"
  enable_asr = true

  assigned_users = [{ user_id = contactcenter_agent.caller_bo.id }]

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
    }
  }

  recall_strategies = {
    asr = {
      "1" = { recall = 1, recall_max_times = 3, recall_interval = [5, 15, 30] }
    }
  }

  depends_on = [contactcenter_skill_group_member.bo_survey]
}

data "contactcenter_outbound_tasks" "all" {
  depends_on = [
    contactcenter_outbound_task.renewals,
    contactcenter_outbound_task.reminders,
    contactcenter_outbound_task.survey,
  ]
}

# The data source lists every task on the platform, this configuration's and
# others' (task names need not be unique: another "Payment reminders" may
# exist), so the output keeps this configuration's tasks, by id.
locals {
  our_task_ids = toset([
    contactcenter_outbound_task.renewals.id,
    contactcenter_outbound_task.reminders.id,
    contactcenter_outbound_task.survey.id,
  ])
}

output "outbound_tasks" {
  value = { for t in data.contactcenter_outbound_tasks.all.tasks : t.name => "${t.type_string}, ${t.status}" if contains(local.our_task_ids, t.id) }
}
