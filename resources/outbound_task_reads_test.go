package resources_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// tasksForEach declares one automatic task for each key of var.teams.
func tasksForEach(keys ...string) string {
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = fmt.Sprintf("%q", k)
	}
	return fmt.Sprintf(`
variable "teams" {
  type    = set(string)
  default = [%s]
}

resource "contactcenter_outbound_task" "team" {
  for_each = var.teams
  name     = "team-${each.key}"
  type     = 3
  trans_to = "ivr_main"
  status   = "paused"
}
`, strings.Join(q, ", "))
}

// projectCalls returns the projects/* requests the simulator answered
// since before ("METHOD /path" → count), without the zero ones.
func projectCalls(env *acctest.Env, before map[string]int) map[string]int {
	out := map[string]int{}
	for k, n := range env.Sim.Stats() {
		if strings.Contains(k, "/api/v3/projects/") && n-before[k] != 0 {
			out[k] = n - before[k]
		}
	}
	return out
}

func callsText(m map[string]int) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%d ", k, m[k])
	}
	return b.String()
}

const taskDetail = "GET /autocall/api/v3/projects/detail"

// TestAccOutboundTask_refreshedDestroyReadsOnce: a refresh reads each task
// with projects/detail (the list carries no config, recall strategies,
// worktime or assigned users, §4.3), and the plan of a destroy reads the
// task for the open task's check. In a plan that refreshed the task, that
// check read it a second time: three tasks taken out of the configuration
// cost six details. The refresh's answer serves the check of the same
// plan: three details, as many as a refresh of them.
func TestAccOutboundTask_refreshedDestroyReadsOnce(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(tasksForEach("a", "b", "c"))
	w.Must(0, "apply", "-auto-approve", "-no-color")

	before := env.Sim.Stats()
	w.Must(0, "plan", "-no-color", "-detailed-exitcode")
	if got := projectCalls(env, before); got[taskDetail] != 3 || len(got) != 1 {
		t.Errorf("a refresh of 3 tasks made %s, want 3 projects/detail and nothing else", callsText(got))
	}

	before = env.Sim.Stats()
	out := w.Must(0, "plan", "-no-color", "-var", "teams=[]")
	if !strings.Contains(out, "0 to add, 0 to change, 3 to destroy") {
		t.Fatalf("plan removing the teams:\n%s", out)
	}
	if got := projectCalls(env, before); got[taskDetail] != 3 || len(got) != 1 {
		t.Errorf("a refreshed plan destroying 3 tasks made %s, want 3 projects/detail and nothing else", callsText(got))
	}

	// Without a refresh the check reads each task itself.
	before = env.Sim.Stats()
	w.Must(0, "plan", "-no-color", "-refresh=false", "-var", "teams=[]")
	if got := projectCalls(env, before); got[taskDetail] != 3 || len(got) != 1 {
		t.Errorf("a plan -refresh=false destroying 3 tasks made %s, want 3 projects/detail and nothing else", callsText(got))
	}

	// A change of type replaces: one read in a refreshed plan.
	w.WriteBody(strings.Replace(tasksForEach("a"), `type     = 3
  trans_to = "ivr_main"`, `type     = 1
  trans_to = "1"
  config   = { call_ratio_type = 0, max_call_ratio = 2 }
  assigned_users = [{ user_num = "9001" }]`, 1))
	before = env.Sim.Stats()
	w.Run("plan", "-no-color")
	if got := projectCalls(env, before); got[taskDetail] != 3 {
		t.Errorf("a refreshed plan replacing 1 task (type) and destroying 2 made %s, want 3 projects/detail", callsText(got))
	}
}

// TestAccOutboundTask_outOfBandSeenByNextPlan: what one plan read serves
// nothing of the next: a task deleted in the portal after a plan that
// refreshed it is gone in the next one (no destroy planned for it), and a
// task opened after a plan that found it paused fails the next plan's
// destroy (Terraform 1.11 checks it before refreshing it).
func TestAccOutboundTask_outOfBandSeenByNextPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(tasksForEach("a", "b"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	c := env.Client(t)
	// A plan that refreshes the tasks (its reads serve no delete check).
	w.Must(0, "plan", "-no-color", "-detailed-exitcode")
	ids := map[string]int64{}
	for tk, err := range c.Tasks.List(t.Context(), client.TaskFilter{}) {
		if err != nil {
			t.Fatal(err)
		}
		ids[string(tk.Name)] = tk.ID.Int64()
	}
	if err := c.Tasks.Delete(t.Context(), []int64{ids["team-b"]}, false); err != nil {
		t.Fatal(err)
	}
	out := w.Must(0, "plan", "-no-color", "-var", "teams=[]")
	if !strings.Contains(out, "0 to add, 0 to change, 1 to destroy") || strings.Contains(out, `contactcenter_outbound_task.team["b"] will be destroyed`) {
		t.Errorf("a plan after task team-b was deleted in the portal still destroys it:\n%s", out)
	}
	if err := c.Tasks.SetStatus(t.Context(), ids["team-a"], client.TaskStatusOpen); err != nil {
		t.Fatal(err)
	}
	out = strings.Join(strings.Fields(w.Must(1, "plan", "-no-color", "-var", "teams=[]")), " ")
	for _, want := range []string{"Error: Destroying an Open Outbound Task",
		fmt.Sprintf(`Outbound task %d ("team-a") is open (dialing) and force_delete is false`, ids["team-a"])} {
		if !strings.Contains(out, want) {
			t.Errorf("a plan after task team-a was opened in the portal lacks %q:\n%s", want, out)
		}
	}
}
