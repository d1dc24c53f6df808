terraform {
  required_providers {
    contactcenter = {
      source = "contactcenter/contactcenter"
    }
  }
}

# The five API surfaces are derived from one origin (the built-in simulator
# serves them all under fixed prefixes). For a real deployment, set each
# surface on its own with base_url, autocall_url, portal_url, portal_open_url
# and smsapi_url.
provider "contactcenter" {
  endpoint     = "http://127.0.0.1:18080" # derives the five surface URLs (/open, /autocall, /portal, /portal-open, /smsapi)
  access_token = "sim-token"              # bearer token of the open and portal surfaces; sensitive
  sms_app_id   = "sim-app"                # SMS gateway appId
  sms_app_key  = "sim-key"                # SMS gateway secret that signs every gateway request; sensitive
  # base_url, autocall_url, portal_url, portal_open_url, smsapi_url override one surface each
}

# Every attribute can come from the environment instead, which keeps secrets
# out of the configuration (the configuration wins when both are set):
#
#   export CONTACTCENTER_ENDPOINT=http://127.0.0.1:18080
#   export CONTACTCENTER_ACCESS_TOKEN=sim-token
#   export CONTACTCENTER_SMS_APP_ID=sim-app
#   export CONTACTCENTER_SMS_APP_KEY=sim-key
#
# provider "contactcenter" {}
