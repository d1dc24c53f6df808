# Terraform 1.12 and later.
import {
  to = contactcenter_sound.hold_tone
  identity = {
    id = "512"
  }
}
