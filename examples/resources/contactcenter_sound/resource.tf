# A hold tone uploaded from a local WAV file: hold-tone.wav, a recording of
# yours (WAV or MP3) next to this configuration. source_hash makes a new
# recording at the same path upload again (and replace the old file).
resource "contactcenter_sound" "hold_tone" {
  name        = "Sales hold tone"
  remark      = "Played while callers wait for sales"
  sound_type  = 1 # skill-group voice
  source      = "${path.module}/hold-tone.wav"
  source_hash = filesha256("${path.module}/hold-tone.wav")

  # The skill group below plays it: upload a replacement before deleting the
  # old file, so the group never points at a deleted one.
  lifecycle {
    create_before_destroy = true
  }
}

# Use it as a skill group's wait audio.
resource "contactcenter_skill_group" "sales" {
  que_name     = "Sales"
  que_priority = 20
  wait_audio   = contactcenter_sound.hold_tone.id
}
