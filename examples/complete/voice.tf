# Voice and reference data (spec §4.5, §4.7): what the platform already has is
# read through data sources, and a hold tone uploaded from this folder is
# played to callers waiting for the sales skill group.

data "contactcenter_ivrs" "all" {}

data "contactcenter_trunk_numbers" "shanghai" {
  code = "021"
}

data "contactcenter_busy_reasons" "busy" {
  ag_stat = "2"
}

data "contactcenter_vos_call_records" "today" {}

resource "contactcenter_sound" "hold_tone" {
  name        = "Sales hold tone"
  remark      = "Played while callers wait for sales"
  sound_type  = 1 # skill-group voice
  source      = "${path.module}/hold-tone.wav"
  source_hash = filesha256("${path.module}/hold-tone.wav")

  # The sales group plays this file: a new recording is uploaded before the
  # old file is deleted, so the group never points at a deleted one.
  lifecycle {
    create_before_destroy = true
  }
}

resource "contactcenter_skill_group" "sales" {
  que_name     = "Sales"
  que_priority = 20
  wait_audio   = contactcenter_sound.hold_tone.id
}

output "voice_ivr_codes" {
  description = "IVR name to its codes (names need not be unique), e.g. for an automatic task's trans_to."
  value       = { for i in data.contactcenter_ivrs.all.ivrs : i.ivr_name => i.ivr_code... }
}

output "voice_shanghai_numbers" {
  description = "Numbers owned in area code 021."
  value       = data.contactcenter_trunk_numbers.shanghai.phones
}

output "voice_busy_reasons" {
  value = [for r in data.contactcenter_busy_reasons.busy.busy_reasons : r.stat_reason]
}

output "voice_calls_today" {
  value = length(data.contactcenter_vos_call_records.today.records)
}

output "voice_sales_wait_audio" {
  description = "The name of the voice the sales group plays while callers wait."
  value       = contactcenter_skill_group.sales.sound_name
}
