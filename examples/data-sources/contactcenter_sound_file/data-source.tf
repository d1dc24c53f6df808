# Keep a local copy of a voice file the platform holds (sound/play), for
# example one adopted with contactcenter_sound, which needs no source.
resource "contactcenter_sound" "hold_tone" {
  name        = "Sales hold tone"
  sound_type  = 1
  source      = "${path.module}/hold-tone.wav"
  source_hash = filesha256("${path.module}/hold-tone.wav")
}

data "contactcenter_sound_file" "hold_tone" {
  sound_id    = contactcenter_sound.hold_tone.id
  output_path = "${path.root}/downloads/hold-tone.wav"
}

output "hold_tone_sha256" {
  # Equal to filesha256 of the uploaded file: the platform keeps it as sent.
  value = data.contactcenter_sound_file.hold_tone.content_sha256
}
