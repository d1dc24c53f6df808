# Terraform 1.12 and later.
import {
  to = contactcenter_sms_template.parcel
  identity = {
    id = "3001"
  }
}
