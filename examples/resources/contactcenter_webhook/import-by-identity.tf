# Terraform 1.12 and later: import by the webhook's identity.
import {
  to       = contactcenter_webhook.hangup
  identity = { id = "301" }
}
