package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// An agent whose configuration leaves user_status out (it defaults to 1,
// on duty) is frozen after the apply, by an administrator in the portal
// (user_status = 3, §3.3): a stolen password, a leaver on notice. The next
// plan, made for anything else, unfroze it: it showed
// `user_status = 3 -> 1` among the other changes and said nothing. The
// plan now warns, naming the agent, and says how to keep it frozen; a
// configured user_status does not warn.
func TestAccAgent_defaultStatusUnfreezingWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(agentConfig("9001", ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	frozen := int64(3)
	if _, err := env.Client(t).Agents.Update(t.Context(), 1001, client.AgentInput{UserStatus: &frozen}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`user_status = 3 -> 1`,
		`Warning: Agent Unfrozen by the Default Status`,
		`Agent 9001 (id 1001) is frozen on the platform (user_status = 3), frozen outside this configuration, whose user_status is not set and defaults to 1 (on duty): this apply unfreezes the agent.`,
		`To keep it frozen, set user_status = 3; to leave the status to the portal, add lifecycle { ignore_changes = [user_status] }.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	w.WriteBody(agentConfig("9001", "  user_status = 1"))
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "Unfrozen") {
		t.Errorf("user_status = 1 is configured, and the plan warns:\n%s", out)
	}
}
