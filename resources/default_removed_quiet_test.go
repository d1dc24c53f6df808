package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// The plan warnings of a default that undoes a status set outside ("Agent
// Unfrozen by the Default Status", "Agent Allowed to Log In by the
// Default", "Webhook Disabled by the Default Status", "Outbound Task
// Closed by the Default Status") fired too when this configuration had set
// the status and the user removed the line to have the default back (to
// let a barred agent in again, to stop a campaign): the plan said the
// agent was "barred outside this configuration", which it was not, on a
// plan that did what the user asked. They now stay quiet for a value the
// last apply's configuration set, and still warn of one set outside after
// that apply.
func TestAccDefaultStatusWarnings_quietWhenTheConfigurationSetIt(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	set := agentConfig("9001", "  user_status        = 3\n  is_forbidden_login = true") +
		webhookConfig("CRM", "https://crm.example.com/hook", "  event_type = 1\n  status     = true") +
		automaticConfig("open")
	unset := agentConfig("9001", "") + webhookConfig("CRM", "https://crm.example.com/hook", "  event_type = 1") +
		strings.Replace(automaticConfig("open"), "  status   = \"open\"\n", "", 1)
	w.WriteBody(set)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(unset)
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{`user_status = 3 -> 1`, `is_forbidden_login = true -> false`, `status = true -> false`, `status = "open" -> "closed"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not show %q:\n%s", want, out)
		}
	}
	for _, not := range []string{"Unfrozen by the Default", "Allowed to Log In by the Default", "Disabled by the Default", "Closed by the Default", "outside this configuration"} {
		if strings.Contains(out, not) {
			t.Errorf("the configuration set the status and the user removed it, and the plan says %q:\n%s", not, out)
		}
	}
	// The apply records that the configuration no longer sets them: a
	// freeze made outside after it warns again.
	w.Must(0, "apply", "-auto-approve", "-no-color")
	frozen := int64(3)
	if _, err := env.Client(t).Agents.Update(t.Context(), 1001, client.AgentInput{UserStatus: &frozen}); err != nil {
		t.Fatal(err)
	}
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); !strings.Contains(out, "Agent Unfrozen by the Default Status") {
		t.Errorf("the agent was frozen outside after the apply, and the plan does not warn:\n%s", out)
	}
}
