# Terraform 1.12 and later: import by the template's identity.
import {
  to       = contactcenter_sms_template.parcel
  identity = { id = "3001" }
}
