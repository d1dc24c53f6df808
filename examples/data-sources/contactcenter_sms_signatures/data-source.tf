# Every approved signature whose text contains "Acme".
data "contactcenter_sms_signatures" "acme" {
  sign_text = "Acme"
  state     = 1
}

output "approved_signature_ids" {
  value = [for s in data.contactcenter_sms_signatures.acme.signatures : s.id]
}
