# Actions need Terraform 1.14 or later: 1.13 accepts action blocks and never
# runs them, so the configuration asks for 1.14 (older versions then refuse it).
terraform {
  required_version = ">= 1.14"
}

# Transcribe a call's recording and keep the text next to the configuration.
action "contactcenter_asr_transcribe" "complaint" {
  config {
    call_id     = "sim-call-20260302-001"
    output_file = "${path.module}/complaint-transcript.json"
    timeouts = {
      invoke = "5m"
    }
  }
}

# Or a recording by address, with the service's callback as well.
action "contactcenter_asr_transcribe" "robot" {
  config {
    speech_file_url = "https://records.example.com/robot/robot-call-0001.wav"
    enable_callback = true
    callback_url    = "https://hooks.example.com/asr"
  }
}

# Run it with: terraform apply -invoke=action.contactcenter_asr_transcribe.complaint
