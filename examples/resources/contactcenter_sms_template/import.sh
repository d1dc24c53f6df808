# By the template's id:
terraform import contactcenter_sms_template.parcel 3001

# Or by its name (template_name), matched exactly (letter case and spaces included):
terraform import contactcenter_sms_template.parcel "template_name:Parcel shipped"
