package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccKeyTaken_removedBlock: an agent taken out of Terraform with a
// removed block (destroy = false) beside a new block of the same number.
// Terraform neither refreshes nor plans the forgotten agent through the
// provider, so the check finds the number held by an agent nothing of this
// plan keeps, and warns "Agent Already Exists". Its detail guessed "an
// earlier apply whose Terraform state was lost, ... or outside Terraform";
// the cause was the plan's own removed block. It now names that cause
// among the likely ones, with its advice (a moved block, or the import,
// or another number), and asserts none of them. The moved block it advises
// plans no change.
func TestAccKeyTaken_removedBlock(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	agent := func(name string) string {
		return `
resource "contactcenter_agent" "` + name + `" {
  user_num      = "8811"
  user_name     = "Ann"
  user_password = "Secret-1"
}
`
	}
	w.WriteBody(agent("ann"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(`
removed {
  from = contactcenter_agent.ann
  lifecycle {
    destroy = false
  }
}
` + agent("ann2"))
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	out := flat(w.Must(0, "plan", "-no-color"))
	for _, want := range []string{
		"Warning: Agent Already Exists with contactcenter_agent.ann2,",
		"it cannot tell where that agent came from. The likely causes:",
		"- A removed block (lifecycle { destroy = false }) left it in the contact center, holding the user_num: to manage it here, " +
			"replace that block with a moved block from its address to this one, or import it (below); to leave it unmanaged, give this resource another user_num.",
		`import { to = <the address of this resource, shown above> id = "user_num:8811" }`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("plan lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "most likely") {
		t.Errorf("plan asserts a cause:\n%s", out)
	}
	w.WriteBody(`
moved {
  from = contactcenter_agent.ann
  to   = contactcenter_agent.ann2
}
` + agent("ann2"))
	if out := w.Must(0, "plan", "-no-color"); !strings.Contains(out, "has moved to contactcenter_agent.ann2") || strings.Contains(out, "Already Exists") ||
		!strings.Contains(out, "0 to add, 0 to change, 0 to destroy") {
		t.Errorf("plan with the moved block:\n%s", out)
	}
}
