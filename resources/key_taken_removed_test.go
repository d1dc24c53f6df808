package resources_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccKeyTaken_removedBlock: agents taken out of Terraform with a
// removed block (destroy = false) of their for_each resource (a removed
// block cannot name one instance), beside a new block of one of their
// numbers. Terraform neither refreshes nor plans the forgotten agents
// through the provider, so the check finds the number held by an agent
// nothing of this plan keeps, and warns "Agent Already Exists". Its detail
// guessed "an earlier apply whose Terraform state was lost, ... or outside
// Terraform"; the cause was the plan's own removed block. It now names
// that cause among the likely ones, with its advice (a moved block, or the
// import, or another number), and asserts none of them.
//
// The advice said to replace the removed block with the moved block:
// followed, that plan destroyed the other agent the removed block left
// ("1 to destroy"). The moved block beside the removed block, as advised
// now, plans no change.
//
// Applied anyway, the create is refused, and the error's hint named no
// cause ("import it ...; otherwise choose another user_num"). That apply
// forgets the removed block's agents, the failed create notwithstanding
// (Terraform 1.11 and 1.15 alike), so the moved block finds nothing after
// it; the hint now names the likely causes as the warning does, and says
// so, and the import it advises adopts the agent.
func TestAccKeyTaken_removedBlock(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	const ann = `
resource "contactcenter_agent" "ann" {
  user_num      = "8811"
  user_name     = "ann"
  user_password = "Secret-1"
}
`
	const removed = `
removed {
  from = contactcenter_agent.team
  lifecycle {
    destroy = false
  }
}
`
	w.WriteBody(`
resource "contactcenter_agent" "team" {
  for_each      = { ann = "8811", bob = "8812" }
  user_num      = each.value
  user_name     = each.key
  user_password = "Secret-1"
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(removed + ann)
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	out := flat(w.Must(0, "plan", "-no-color"))
	for _, want := range []string{
		"Warning: Agent Already Exists with contactcenter_agent.ann,",
		"it cannot tell where that agent came from. The likely causes:",
		"- A removed block (lifecycle { destroy = false }) left it in the contact center, holding the user_num: to manage it here, " +
			"add a moved block from its address to this one and keep the removed block (one that names a for_each or count resource, or a module, " +
			"also leaves their other objects: without it this plan destroys them), or import it (below; once an apply with the removed block has run, " +
			"it is out of the state and only the import finds it); to leave it unmanaged, give this resource another user_num.",
		`import { to = <the address of this resource, shown above> id = "user_num:8811" }`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("plan lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "most likely") || strings.Contains(out, "replace that block") {
		t.Errorf("plan asserts a cause, or advises replacing the removed block:\n%s", out)
	}
	const moved = `
moved {
  from = contactcenter_agent.team["ann"]
  to   = contactcenter_agent.ann
}
`
	w.WriteBody(removed + moved + ann)
	if out := w.Must(0, "plan", "-no-color"); !strings.Contains(out, `contactcenter_agent.team["ann"] has moved to contactcenter_agent.ann`) ||
		strings.Contains(out, "Already Exists") || !strings.Contains(out, "0 to add, 0 to change, 0 to destroy") {
		t.Errorf("plan with the moved block:\n%s", out)
	}

	// Applied anyway (the plan only warns), the create is refused. The
	// error's hint said "import it ...; otherwise choose another
	// user_num", no cause; it now names the likely ones, as the warning
	// does, and says what this apply did: it forgot the removed block's
	// agents though the create failed, so the moved block the plan advised
	// finds nothing now (checked below), and the import adopts the agent.
	w.WriteBody(removed + ann)
	out = flat(w.Must(1, "apply", "-auto-approve", "-no-color"))
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`What to do: agent [0-9]+ \("ann"\) already has user_num = "8811", which is unique on the platform\. The provider cannot tell why`),
		regexp.MustCompile(regexp.QuoteMeta(`import it (terraform import <address> `) + `[0-9]+` +
			regexp.QuoteMeta(`, or an import block with id = "user_num:8811"), or give this resource another user_num.`)),
		regexp.MustCompile(regexp.QuoteMeta(`- Left by a removed block (lifecycle { destroy = false }): this apply forgot that block's objects although this create failed, ` +
			`so a moved block no longer finds them: import it as above, or give this resource another user_num.`)),
	} {
		if !want.MatchString(out) {
			t.Errorf("apply lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "most likely") || strings.Contains(out, "otherwise choose another") {
		t.Errorf("apply asserts a cause, or advises only another user_num:\n%s", out)
	}
	w.WriteBody(removed + moved + ann)
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "has moved to") || !strings.Contains(out, "1 to add, 0 to change, 0 to destroy") {
		t.Errorf("after the failed apply, the moved block still found the agent (the hint says it does not):\n%s", out)
	}
	w.WriteBody(removed + ann + `
import {
  to = contactcenter_agent.ann
  id = "user_num:8811"
}
`)
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); !strings.Contains(out, "1 imported, 0 added") {
		t.Errorf("apply of the import the hint advises:\n%s", out)
	}
}
