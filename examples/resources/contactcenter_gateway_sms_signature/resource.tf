# A signature on the SMS gateway. It starts pending (state = 0) until the
# gateway's review approves it. The gateway cannot change or delete a
# signature: any change replaces it, and destroy only forgets it.
resource "contactcenter_gateway_sms_signature" "acme" {
  sign_text = "Acme" # shown as 【Acme】; no brackets here
  remark    = "Brand signature for service notices"

  # Optional: an image of the business licence, a file of yours next to this
  # configuration. Read at plan time and sent base64-encoded; at most 768
  # bytes (1024 characters of base64).
  pic_file = "${path.module}/licence.png"

  # Wait until the review approves it (state = 1) before the apply ends; a
  # rejection fails the apply with the reviewer's reason. Only matters on
  # create: switching it later changes nothing on the gateway.
  wait_for_approval = true
  timeouts = {
    create = "1h"
  }
}

output "acme_signature_state" {
  value = contactcenter_gateway_sms_signature.acme.state
}
