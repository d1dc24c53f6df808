package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// The portal renames a skill group and changes its priority after the plan
// (a saved plan, or between the refresh and the update of one apply), and
// the plan changes its queue time: queue/update requires que_name and
// que_priority (§4.6), and the edit sent those refreshed at plan time,
// putting back what the portal had set, without a word, also under
// lifecycle { ignore_changes = [que_name, que_priority] }, where the portal
// owns them. They are now sent as the platform holds them, and the
// read-back says they differ from the plan.
func TestAccSkillGroup_portalEditAfterPlanKept(t *testing.T) {
	t.Parallel()
	for name, lifecycle := range map[string]string{
		"ignore_changes": "\n  lifecycle {\n    ignore_changes = [que_name, que_priority]\n  }",
		"managed":        "",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			c := env.Client(t)
			config := func(queTime int) string {
				return fmt.Sprintf(`
resource "contactcenter_skill_group" "test" {
  que_name     = "Support"
  que_priority = 10
  que_time     = %d%s
}
`, queTime, lifecycle)
			}
			w := env.Workdir(t)
			w.WriteBody(config(60))
			w.Must(0, "apply", "-auto-approve", "-no-color")
			w.WriteBody(config(90))
			out := w.ApplySavedPlan(func() error {
				return c.Queues.Update(t.Context(), 101, client.SkillGroupInput{QueName: "Support (portal)", QuePriority: 3})
			})
			g, err := c.Queues.Get(t.Context(), 101)
			if err != nil {
				t.Fatal(err)
			}
			if string(g.QueName) != "Support (portal)" || int64(g.QuePriority) != 3 || int64(g.QueTime) != 90 {
				t.Errorf("after the edit the group is %q, priority %d, que_time %d; want the portal's name and priority 3, and que_time 90",
					string(g.QueName), int64(g.QuePriority), int64(g.QueTime))
			}
			for _, want := range []string{`que_name: planned "Support", read back "Support (portal)"`, `que_priority: planned 10, read back 3`} {
				if !strings.Contains(out, want) {
					t.Errorf("the apply does not say %q:\n%s", want, out)
				}
			}
		})
	}
}
