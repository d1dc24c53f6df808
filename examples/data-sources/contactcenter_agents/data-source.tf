# Every agent on duty in two departments who handles calls or chats.
data "contactcenter_agents" "on_duty" {
  user_status = [1]
  dept_ids    = [2, 3]
  user_type   = ["1", "2"]
}

output "on_duty_numbers" {
  value = data.contactcenter_agents.on_duty.agents[*].user_num
}
