# Adopt an existing object: terraform plan shows the import, terraform apply records it.
import {
  to = contactcenter_sound.hold_tone
  id = "512"
}
