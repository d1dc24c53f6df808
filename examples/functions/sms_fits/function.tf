terraform {
  required_providers {
    contactcenter = {
      source = "contactcenter/contactcenter"
    }
  }
}

variable "longest_name" {
  type        = string
  default     = "Maximilian Alexander von Hohenberg-Schillingsfürst"
  description = "The longest customer name the campaign will fill in."
}

locals {
  notice = "Dear $${name}, your appointment is confirmed. Reply STOP to opt out."
}

# Stops the plan when the longest expected message would be refused by the
# gateway (more than 400 characters once filled).
resource "terraform_data" "notice_fits" {
  lifecycle {
    precondition {
      condition     = provider::contactcenter::sms_fits(local.notice, { name = var.longest_name })
      error_message = "The notice is longer than the gateway's 400 characters once filled with the longest name."
    }
  }
}
