# Terraform 1.14 and later: list the approved SMS signatures whose text
# contains "Acme", then write their configuration and import blocks with
#   terraform query -generate-config-out=signatures.tf
list "contactcenter_sms_signature" "acme" {
  provider         = contactcenter
  include_resource = true

  config {
    state     = 1
    sign_text = "Acme"
  }
}
