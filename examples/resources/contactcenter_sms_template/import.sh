# An SMS template is imported by its id.
terraform import contactcenter_sms_template.parcel 3001
