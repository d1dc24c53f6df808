# A gateway template is imported by its id (tplId).
terraform import contactcenter_gateway_sms_template.otp 5001
