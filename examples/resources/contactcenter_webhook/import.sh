# A webhook is imported by its numeric id.
terraform import contactcenter_webhook.hangup 301
