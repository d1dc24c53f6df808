# By the signature's id (not its sign_id):
terraform import contactcenter_sms_signature.acme 101

# Or by its text (sign_text), matched exactly (letter case and spaces included):
terraform import contactcenter_sms_signature.acme "sign_text:Acme Parcels"
