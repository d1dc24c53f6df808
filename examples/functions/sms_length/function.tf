terraform {
  required_providers {
    contactcenter = {
      source = "contactcenter/contactcenter"
    }
  }
}

# 34: characters, not bytes ("é" counts one).
output "reminder_length" {
  value = provider::contactcenter::sms_length(
    "Bonjour $${name}, rendez-vous le $${date}.",
    { name = "Léa", date = "12/05" },
  )
}
