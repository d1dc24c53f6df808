# The text of a speech-recognition task started earlier (kept 30 days).
data "contactcenter_asr_transcript" "call" {
  task_id = "asr10000001"
}

output "customer_lines" {
  value = [for s in data.contactcenter_asr_transcript.call.sentences : s.content if s.channel_id == 1]
}
