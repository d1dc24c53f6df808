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
