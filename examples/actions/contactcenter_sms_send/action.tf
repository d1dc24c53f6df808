# Actions need Terraform 1.14 or later: 1.13 accepts action blocks and never
# runs them, so the configuration asks for 1.14 (older versions then refuse it).
terraform {
  required_version = ">= 1.14"
}

# The template to send, approved before the action runs (wait_for_approval).
resource "contactcenter_sms_signature" "acme" {
  sign_text         = "Acme Parcels"
  wait_for_approval = true
}

resource "contactcenter_sms_template" "parcel" {
  template_name     = "Parcel shipped"
  template_contents = "Hello $${name}, your parcel $${parcel} has shipped and arrives $${day}."
  sign_id           = contactcenter_sms_signature.acme.id
  wait_for_approval = true
}

action "contactcenter_sms_send" "parcel_shipped" {
  config {
    template_id = contactcenter_sms_template.parcel.id
    # Shared values; a recipient's own params win.
    params = {
      day = "tomorrow"
    }
    recipients = [
      { mobile = "13800138000", params = { name = "Ann", parcel = "P-1001" } },
      { mobile = "13800138001", params = { name = "Bob", parcel = "P-1002" } },
    ]
  }
}

# Send once the template is approved (or run: terraform apply -invoke=action.contactcenter_sms_send.parcel_shipped).
resource "terraform_data" "announce" {
  input = contactcenter_sms_template.parcel.id
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_sms_send.parcel_shipped]
    }
  }
}
