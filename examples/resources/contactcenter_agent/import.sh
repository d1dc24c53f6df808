# By the agent's id (user_id):
terraform import contactcenter_agent.ann 1001

# Or by the agent number (user_num), matched exactly (letter case included, spaces around it ignored):
terraform import contactcenter_agent.ann user_num:8001
