# Adopt an existing object: terraform plan shows the import, terraform apply records it.
import {
  to = contactcenter_sms_template.parcel
  id = "3001"
}
