# An SMS signature is imported by its id (`id` in sms/sign/list).
terraform import contactcenter_sms_signature.acme 101
