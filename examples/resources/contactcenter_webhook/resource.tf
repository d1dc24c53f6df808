# Receives the hang-up call record of every call of the tasks it is attached to.
resource "contactcenter_webhook" "hangup" {
  name       = "CRM hang-up records"
  url        = "https://crm.example.com/hooks/hangup"
  status     = true # enabled; only enabled webhooks receive pushes
  event_type = 1    # 1 hang-up call record, 2 before the call
  is_encrypt = false
}

# Asked before each outbound call.
resource "contactcenter_webhook" "pre_call" {
  name       = "CRM pre-call lookup"
  url        = "https://crm.example.com/hooks/pre-call"
  status     = true
  event_type = 2
}
