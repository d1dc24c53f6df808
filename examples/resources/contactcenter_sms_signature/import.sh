# An SMS signature is imported by its id (not its sign_id).
terraform import contactcenter_sms_signature.acme 101
