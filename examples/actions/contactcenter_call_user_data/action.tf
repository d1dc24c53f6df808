# Actions need Terraform 1.14 or later: 1.13 accepts action blocks and never
# runs them, so the configuration asks for 1.14 (older versions then refuse it).
terraform {
  required_version = ">= 1.14"
}

# Mark a call as a business success and attach the order it produced.
action "contactcenter_call_user_data" "won" {
  config {
    call_id         = "sim-call-20260302-001"
    business_status = "1"
    user_data = {
      order_id = "SO-1001"
      campaign = "spring"
    }
  }
}

# Run it with: terraform apply -invoke=action.contactcenter_call_user_data.won
