# The text of a speech-recognition task started earlier (kept 30 days), e.g.
# by the contactcenter_asr_transcribe action or a callback. The simulator
# holds one finished task, asr10000001: the conversion of its robot call
# robot-call-0001.
data "contactcenter_asr_transcript" "call" {
  task_id = "asr10000001"
}

output "customer_lines" {
  value = [for s in data.contactcenter_asr_transcript.call.sentences : s.content if s.channel_id == 1]
}
