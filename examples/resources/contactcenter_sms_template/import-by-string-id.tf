import {
  to = contactcenter_sms_template.parcel
  id = "3001"
}
