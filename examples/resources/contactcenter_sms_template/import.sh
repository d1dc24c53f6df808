# An SMS template is imported by its id (`id` in sms/template/list).
terraform import contactcenter_sms_template.parcel 3001
