# Every skill-group voice whose name mentions "hold".
data "contactcenter_sounds" "hold" {
  keyword    = "hold"
  sound_type = 1
}

output "hold_voice_ids" {
  value = [for s in data.contactcenter_sounds.hold.sounds : s.id]
}
