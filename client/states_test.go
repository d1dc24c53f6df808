package client_test

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// is_enable_mfa in the add/edit form whichever form the list answered in.
func TestAgentMFA(t *testing.T) {
	cases := map[string]struct {
		agent client.Agent
		want  int64
	}{
		"config on":                    {client.Agent{IsEnableMFA: 0, Config: &client.AgentConfig{IsEnableMFA: new(client.FlexInt(1))}}, client.MFAOn},
		"config off wins over list on": {client.Agent{IsEnableMFA: 1, Config: &client.AgentConfig{IsEnableMFA: new(client.FlexInt(2))}}, client.MFAOff},
		"config without the field":     {client.Agent{IsEnableMFA: 1, Config: &client.AgentConfig{}}, client.MFAOn},
		"list on":                      {client.Agent{IsEnableMFA: 1}, client.MFAOn},
		"list off":                     {client.Agent{IsEnableMFA: client.FlexInt(client.MFAListOff)}, client.MFAOff},
		"list odd value is off":        {client.Agent{IsEnableMFA: 2}, client.MFAOff},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := tc.agent.MFA(); got != tc.want {
				t.Errorf("MFA() = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestReviewStateNames(t *testing.T) {
	cases := map[string]struct {
		name func(int64) string
		in   int64
		want string
	}{
		"signature reviewing": {client.SignatureStateName, client.SignatureReviewing, "reviewing"},
		"signature rejected":  {client.SignatureStateName, client.SignatureRejected, "rejected"},
		"signature draft":     {client.SignatureStateName, -1, ""},
		"template draft":      {client.TemplateStateName, client.TemplateDraft, "draft"},
		"template pending":    {client.TemplateStateName, client.TemplatePending, "pending review"},
		"template approved":   {client.TemplateStateName, client.TemplateApproved, "approved"},
		"template unknown":    {client.TemplateStateName, 9, ""},
		"gateway draft":       {client.GatewayStateName, client.GatewayStateDraft, "draft"},
		"gateway pending":     {client.GatewayStateName, client.GatewayStatePending, "pending"},
		"gateway rejected":    {client.GatewayStateName, client.GatewayStateRejected, "rejected"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := tc.name(tc.in); got != tc.want {
				t.Errorf("name(%d) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
