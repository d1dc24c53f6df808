package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

const groupsListPath = "POST /portal/v2/svcapi/queue/list"

// TestAccSkillGroup_planWarnsTakenName: a state lost, or a group made in
// the portal after the plan: the plan of a group whose que_name another
// group holds showed a plain create, and only the apply was refused. The
// plan now warns, naming the group's id and the import block by name; in a
// plan that refreshes groups too (one of them new), at no cost beyond the
// refresh's one list, and in one that refreshes none at the cost of one.
// A group of another name plans without a word.
func TestAccSkillGroup_planWarnsTakenName(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	id, err := env.Client(t).Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Support", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	group := func(addr, name string) string {
		return fmt.Sprintf("resource \"contactcenter_skill_group\" %q {\n  que_name     = %q\n  que_priority = 1\n}\n", addr, name)
	}
	w := env.Workdir(t)
	w.WriteBody(group("sales", "Sales"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(group("sales", "Sales") + group("support", "Support") + group("billing", "Billing"))
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-no-color", "-refresh=false"}} {
		lists := env.Sim.Stats()[groupsListPath]
		out := flat(w.Must(0, args...))
		for _, want := range []string{
			"Warning: Skill Group Already Exists",
			"with contactcenter_skill_group.support,",
			fmt.Sprintf(`This plan creates a new skill group with que_name = "Support", and the contact center already has skill group %s with that que_name. `+
				"The que_name is unique on the platform, so the apply will refuse this create", id),
			`import { to = <the address of this resource, shown above> id = "que_name:Support" }`,
		} {
			if !strings.Contains(out, want) {
				t.Errorf("terraform %v lacks %q:\n%s", args, want, out)
			}
		}
		if n := strings.Count(out, "Already Exists"); n != 1 {
			t.Errorf("terraform %v: %d warnings, want 1 (Billing is free, Sales is this configuration's):\n%s", args, n, out)
		}
		if n := env.Sim.Stats()[groupsListPath] - lists; n != 1 {
			t.Errorf("terraform %v listed the groups %d times, want 1", args, n)
		}
	}
	w.WriteBody(group("sales", "Sales"))
	w.Must(0, "destroy", "-auto-approve", "-no-color")
}
