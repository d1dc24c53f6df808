# Every signature of the appId (read 50 per request).
data "contactcenter_gateway_sms_signatures" "all" {}

# One page: at most 20 signatures from the 41st on.
data "contactcenter_gateway_sms_signatures" "page" {
  max    = 20
  offset = 40
}

# Only some ids.
data "contactcenter_gateway_sms_signatures" "some" {
  ids = ["3001", "3002"]
}

output "approved_signatures" {
  value = [for s in data.contactcenter_gateway_sms_signatures.all.signatures : s.sign_text if s.state == 1]
}
