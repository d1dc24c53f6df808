package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

const ivrList = "POST /portal-open/v3/svcapi/other/ivrs"

// TestAccOutboundTask_transToIVRIDOrName: an automatic task's trans_to is
// the IVR's code (§2.7, context mc_transivr). The IVR's id, which
// contactcenter_ivrs lists as ids, and its name were saved as written and
// named no IVR: the task's answered calls reached no menu, without a word.
// The plan now refuses them, naming the code to write, with one IVR read
// per planned change of trans_to and none for a plan that keeps it.
func TestAccOutboundTask_transToIVRIDOrName(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_outbound_task")
	config := func(to string) []any {
		return []any{r.Config(fmt.Sprintf(`
  name     = "Reminders"
  type     = 3
  trans_to = %q
`, to))}
	}
	for _, c := range []struct{ to, what string }{
		{"1", `trans_to "1" is the id (ivr_id) of IVR "Main menu", not its code`},
		{"Main menu", `trans_to "Main menu" is the name (ivr_name) of IVR "Main menu", not its code`},
	} {
		_, err := r.TryApply(nil, config(c.to))
		if err == nil {
			t.Fatalf("trans_to = %q: the apply succeeded", c.to)
		}
		got := strings.Join(strings.Fields(err.Error()), " ")
		for _, want := range []string{"Invalid Transfer Target", c.what, `Write trans_to = "ivr_main", the IVR's ivr_code`} {
			if !strings.Contains(got, want) {
				t.Errorf("trans_to = %q: the error lacks %q:\n%s", c.to, want, got)
			}
		}
	}
	if n := env.Sim.Stats()["POST /autocall/api/v3/projects/updateOrCreate"] + env.Sim.Stats()["PUT /autocall/api/v3/projects/updateOrCreate"]; n != 0 {
		t.Errorf("refused plans made %d projects/updateOrCreate calls, want 0", n)
	}

	// The code itself plans and applies; a plan that keeps it reads no IVR.
	before := env.Sim.Stats()[ivrList]
	task := r.Apply(nil, config("ivr_main"))
	if n := env.Sim.Stats()[ivrList] - before; n < 1 {
		t.Errorf("creating the task read the IVRs %d times, want at least 1 (the check)", n)
	}
	before = env.Sim.Stats()[ivrList]
	r.CheckPlanEmpty(task, config("ivr_main"))
	if n := env.Sim.Stats()[ivrList] - before; n != 0 {
		t.Errorf("a plan that keeps trans_to read the IVRs %d times, want 0", n)
	}
	// A code no IVR has plans with a warning (TestAccOutboundTask_transToUnknownIVRCode)
	// and applies: the platform saves any text.
	task = r.Apply(task, config("ivr-payments"))
	// And a change to an IVR's id is refused on update too.
	if _, err := r.TryApply(task, config("2")); err == nil || !strings.Contains(err.Error(), "is the id (ivr_id) of IVR") {
		t.Errorf("changing trans_to to an IVR's id: %v", err)
	}
	r.Destroy(task)

	// Many tasks share one read in a command: one for the plan's walk,
	// one for the apply's.
	before = env.Sim.Stats()[ivrList]
	var many []any
	for i := range 5 {
		many = append(many, r.Config(fmt.Sprintf(`
  name     = "Reminders %d"
  type     = 3
  trans_to = "ivr_main"
`, i)))
	}
	tasks := r.Apply(nil, many)
	if n := env.Sim.Stats()[ivrList] - before; n != 2 {
		t.Errorf("creating 5 tasks read the IVRs %d times, want 2 (one each for the plan and the apply)", n)
	}
	r.Destroy(tasks)
}
