# Terraform 1.12 and later.
# get_sign does not return the image or the remark: leave pic_file and remark
# out of the imported resource, or the next apply replaces the signature (a new
# one goes to review).
import {
  to = contactcenter_gateway_sms_signature.acme
  identity = {
    id = "3001"
  }
}
