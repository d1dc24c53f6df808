# A skill group (queue) for the support line: callers wait at most 2 minutes
# and are handed to the agent who has waited longest.
resource "contactcenter_skill_group" "support" {
  que_name     = "Support"
  que_priority = 10 # 0-255, smaller is higher
  que_num      = "8001"
  que_strategy = 1 # 1 longest wait, 2 skill priority, 9 round robin
  que_time     = 120
  ring_time    = 20
  wait_audio   = "0" # default tone; "-1" blank tone, or a voice-file id

  # Delete the group even if agents are still in it.
  force_delete = true
}
