package examples

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// completeRefreshMaxCalls is what a refresh of examples/complete may cost
// with finders batching (issue 12: 29 before).
const completeRefreshMaxCalls = 19

// TestAccExamples_completeRefreshCalls applies examples/complete as the
// examples harness does (TestAccExamples_applyTwice), then counts the API
// calls of `terraform plan -refresh-only`: one walk that reads every object
// and data source.
func TestAccExamples_completeRefreshCalls(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 to count the calls of a refresh of examples/complete")
	}
	t.Parallel()
	tf := setupTerraform(t)
	env := acctest.New(t, simulatorAsRun)
	ex := prepare(t, tf, "complete", env)
	ex.apply(t, 1)

	before := env.Sim.Stats()
	ex.run(t, 1, "refresh-only plan", 0, "plan", "-refresh-only")
	total, lines := 0, []string{}
	for k, v := range env.Sim.Stats() {
		if d := v - before[k]; d > 0 {
			total += d
			lines = append(lines, fmt.Sprintf("%3d %s", d, k))
		}
	}
	sort.Strings(lines)
	t.Logf("refresh of examples/complete: %d calls\n%s", total, strings.Join(lines, "\n"))
	if total > completeRefreshMaxCalls {
		t.Errorf("refresh of examples/complete made %d calls, want at most %d:\n%s", total, completeRefreshMaxCalls, strings.Join(lines, "\n"))
	}
	ex.run(t, 1, "destroy", 0, "destroy", "-auto-approve")
}

// TestAccExamples_completeBesideAnotherTaskOfTheSameName applies
// examples/complete to a platform that already has an outbound task named as
// one of the example's ("Payment reminders", as the outbound_task_status
// action example creates): task names need not be unique, and the example's
// outputs must not fail on them (the outbound_tasks output keyed every task
// of the platform by name: "Duplicate object key" failed plan, apply and
// destroy).
func TestAccExamples_completeBesideAnotherTaskOfTheSameName(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 to apply examples/complete")
	}
	t.Parallel()
	tf := setupTerraform(t)
	env := acctest.New(t, simulatorAsRun)
	if _, err := env.Client(t).Tasks.Create(t.Context(), client.Task{Name: "Payment reminders", Type: 3}); err != nil {
		t.Fatal(err)
	}
	ex := prepare(t, tf, "complete", env)
	ex.allowWarnings = map[string]bool{"Outbound Task Created Beside an Existing One": true} // the task made above
	ex.apply(t, 1)
	ex.run(t, 1, "plan", 0, "plan", "-detailed-exitcode")
	out := string(ex.output(t, "show", "-json")) // its outputs, outbound_tasks among them
	for _, want := range []string{`"Contract renewals":"predictive, paused"`, `"Payment reminders":"automatic, open"`, `"Satisfaction survey":"robot, closed"`} {
		if !strings.Contains(out, want) {
			t.Errorf("output outbound_tasks = %s, want this configuration's tasks, %s among them", out, want)
		}
	}
	ex.run(t, 1, "destroy", 0, "destroy", "-auto-approve")
}

// TestAccExamples_outboundTasksBesideTwoTasksOfTheSameName applies the
// contactcenter_outbound_tasks data source's example (the registry page
// shows it) to a platform with two predictive tasks of one name: task
// names need not be unique, and its output keyed the tasks by name, which
// failed the plan with "Duplicate object key".
func TestAccExamples_outboundTasksBesideTwoTasksOfTheSameName(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 to apply the example")
	}
	t.Parallel()
	tf := setupTerraform(t)
	env := acctest.New(t, simulatorAsRun)
	c := env.Client(t)
	num, name, password := "7001", "Ann", "Demo-Outbound-1"
	if _, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: &num, UserName: &name, UserPassword: &password}); err != nil {
		t.Fatal(err)
	}
	ratioType, ratio, agent := client.FlexInt(0), client.FlexFloat(3), client.FlexString(num)
	for range 2 {
		if _, err := c.Tasks.Create(t.Context(), client.Task{Name: "Renewals", Type: 1, AssignedUsers: []client.AssignedUser{{UserNum: &agent}},
			Config: &client.TaskConfig{CallRatioType: &ratioType, MaxCallRatio: &ratio}}); err != nil {
			t.Fatal(err)
		}
	}
	ex := prepare(t, tf, "data-sources/contactcenter_outbound_tasks", env)
	ex.apply(t, 1)
	var shown struct {
		Values struct {
			Outputs map[string]struct {
				Value map[string]struct {
					Name string `json:"name"`
				} `json:"value"`
			} `json:"outputs"`
		} `json:"values"`
	}
	if err := json.Unmarshal(ex.output(t, "show", "-json"), &shown); err != nil {
		t.Fatal(err)
	}
	if got := shown.Values.Outputs["calls_made"].Value; len(got) != 2 {
		t.Errorf("output calls_made = %v, want both tasks named Renewals", got)
	}
	ex.run(t, 1, "destroy", 0, "destroy", "-auto-approve")
}
