# The recording of a robot call, e.g. to transcribe it.
data "contactcenter_robot_recording" "call" {
  call_id = "robot-call-0001"
}

output "recording_url" {
  value = data.contactcenter_robot_recording.call.path
}
