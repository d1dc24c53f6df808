# A gateway signature is imported by its id (signId). get_sign does not return
# the image or the remark, so set pic_file and remark only if you accept a
# replacement on the next apply.
terraform import contactcenter_gateway_sms_signature.acme 3001
