# A signature is reviewed by the platform before templates can send with it.
resource "contactcenter_sms_signature" "acme" {
  sign_text = "Acme Support"
  remark    = "Registered trade name of Acme Ltd."

  # Wait until the review approves it; a rejection fails the apply with the reason.
  wait_for_approval = true
  timeouts = {
    create = "2h"
  }
}
