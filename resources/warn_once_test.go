package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// flat is a command's output with its line breaks and runs of white space
// made single spaces, as Terraform wraps a warning's detail.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestAccAgent_lookalikeNumberWarnedOnce: an agent made in the portal with
// its number typed in full-width digits (as a Chinese input method types
// them) is adopted, as ccsync export writes it, and the configuration keeps
// the number: a new one would replace the agent. "Number Not in ASCII
// Characters" was a validator's, shown on every plan of the unchanged
// configuration with nothing left to do; in CI that is many plans a day.
// It is now shown by the import that adopts the agent, and by a plan that
// writes such a number (a create, here), not by a plan that keeps it.
func TestAccAgent_lookalikeNumberWarnedOnce(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	num, name, pw := "７００３", "Fay", "Secret-123"
	if _, err := env.Client(t).Agents.Create(t.Context(), client.AgentInput{UserNum: &num, UserName: &name, UserPassword: &pw}); err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	w.WriteBody(`
import {
  to = contactcenter_agent.fay
  id = "user_num:７００３"
}

resource "contactcenter_agent" "fay" {
  user_num  = "７００３"
  user_name = "Fay"
}
`)
	const title = "Warning: Number Not in ASCII Characters"
	out := flat(w.Must(0, "apply", "-auto-approve", "-no-color"))
	for _, want := range []string{title, `user_num "７００３" has`, "This is the value agent 1001 holds on the platform, read at its import",
		"Apply complete! Resources: 1 imported, 0 added, 0 changed, 0 destroyed."} {
		if !strings.Contains(out, want) {
			t.Errorf("the adopting apply lacks %q:\n%s", want, out)
		}
	}
	for i := range 2 {
		out = flat(w.Must(0, "plan", "-no-color"))
		if !strings.Contains(out, "No changes.") || strings.Contains(out, title) {
			t.Errorf("plan %d of the unchanged configuration: want No changes and no %q:\n%s", i+1, title, out)
		}
	}
	// A plan that writes such a number still warns: a new agent.
	w.WriteBody(`
resource "contactcenter_agent" "fay" {
  user_num  = "７００３"
  user_name = "Fay"
}

resource "contactcenter_agent" "gus" {
  user_num      = "７００４"
  user_name     = "Gus"
  user_password = "Secret-123"
}
`)
	out = flat(w.Must(0, "plan", "-no-color"))
	if !strings.Contains(out, title) || !strings.Contains(out, `user_num "７００４" has`) || strings.Contains(out, `user_num "７００３" has`) {
		t.Errorf("a plan creating agent ７００４ should warn of its number only:\n%s", out)
	}
}

// TestAccAgent_lookalikeNumberWarnedOnReplacement: a new user_num replaces
// the agent, and the new agent is created with the configuration's
// fixed_phone, full-width digits included, although fixed_phone itself is
// unchanged: the plan writes it, and warns as a create does.
func TestAccAgent_lookalikeNumberWarnedOnReplacement(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	body := `
resource "contactcenter_agent" "hal" {
  user_num      = %q
  user_name     = "Hal"
  user_password = "Secret-123"
  fixed_phone   = "１２３４"
}
`
	w.WriteBody(fmt.Sprintf(body, "7005"))
	const title = "Warning: Number Not in ASCII Characters"
	out := flat(w.Must(0, "apply", "-auto-approve", "-no-color"))
	if !strings.Contains(out, `fixed_phone "１２３４" has`) {
		t.Errorf("the create should warn of fixed_phone:\n%s", out)
	}
	out = flat(w.Must(0, "plan", "-no-color"))
	if !strings.Contains(out, "No changes.") || strings.Contains(out, title) {
		t.Errorf("the unchanged configuration: want No changes and no %q:\n%s", title, out)
	}
	w.WriteBody(fmt.Sprintf(body, "7006"))
	out = flat(w.Must(0, "plan", "-no-color"))
	for _, want := range []string{"contactcenter_agent.hal must be replaced", title, `fixed_phone "１２３４" has`,
		"This plan replaces the object (user_num changes), and the new one is created with this value."} {
		if !strings.Contains(out, want) {
			t.Errorf("a plan replacing the agent for its user_num lacks %q:\n%s", want, out)
		}
	}
}
