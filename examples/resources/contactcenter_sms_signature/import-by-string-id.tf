# Adopt an existing object: terraform plan shows the import, terraform apply records it.
import {
  to = contactcenter_sms_signature.acme
  id = "101"
}
