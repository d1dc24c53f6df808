resource "contactcenter_sms_signature" "acme" {
  sign_text = "Acme Parcels"
}

# Variables are written ${name}; in HCL write $${name} so Terraform does not
# interpolate them.
resource "contactcenter_sms_template" "parcel" {
  template_name     = "Parcel shipped"
  template_contents = "Hello $${name}, your parcel $${parcel} has shipped and arrives $${day}."
  sign_id           = contactcenter_sms_signature.acme.id
  dept_id           = 0

  # Submit for review (the default) and wait for the approval.
  submit_for_review = true
  wait_for_approval = true
  timeouts = {
    create = "1h"
    update = "1h"
  }
}

output "parcel_variables" {
  # ["name", "parcel", "day"]
  value = contactcenter_sms_template.parcel.tpl_param
}
