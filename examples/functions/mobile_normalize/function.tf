terraform {
  required_providers {
    contactcenter = {
      source = "contactcenter/contactcenter"
    }
  }
}

variable "on_call_mobiles" {
  type    = list(string)
  default = ["+86 138-0013-8000", "8613900139000", "13700137000"]

  validation {
    condition     = alltrue([for m in var.on_call_mobiles : can(provider::contactcenter::mobile_normalize(m))])
    error_message = "Every on-call number must be a mainland mobile number (11 digits, optionally prefixed +86)."
  }
}

# ["13800138000", "13900139000", "13700137000"]
output "on_call_mobiles" {
  value = distinct([for m in var.on_call_mobiles : provider::contactcenter::mobile_normalize(m)])
}
