# Terraform 1.12 and later: import by the voice file's identity.
import {
  to       = contactcenter_sound.hold_tone
  identity = { id = "512" }
}
