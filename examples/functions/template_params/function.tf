terraform {
  required_providers {
    contactcenter = {
      source = "contactcenter/contactcenter"
    }
  }
}

# In HCL a literal `${` is written `$${`.
locals {
  parcel_text = "Dear $${name}, parcel $${parcel} ships on $${date}. Questions? Reply to this SMS, $${name}."
}

# ["name", "parcel", "date"]: each variable once, in order of first use; the
# order in which a batch send takes each number's values.
output "parcel_params" {
  value = provider::contactcenter::template_params(local.parcel_text)
}

# A plan-time check that the recipients' columns match the template.
variable "recipient_columns" {
  type    = list(string)
  default = ["name", "parcel", "date"]

  validation {
    condition     = var.recipient_columns == provider::contactcenter::template_params("Dear $${name}, parcel $${parcel} ships on $${date}.")
    error_message = "The recipient columns must be the template's variables, in order."
  }
}
