import {
  to = contactcenter_sound.hold_tone
  id = "512"
}
