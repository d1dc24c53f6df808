package resources_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// An operator opens a task in the portal after the plan (a saved plan, or
// between the refresh and the update of one apply), and the plan renames
// it without changing its status: the edit (updateOrCreate, which writes a
// status, §2.7) sent the refreshed "paused" and paused the task again,
// without a word, also under lifecycle { ignore_changes = [status] }, where
// the portal owns the status. The edit now keeps the status the platform
// holds, and the read-back says the status differs from the plan.
func TestAccOutboundTask_openedAfterPlanStaysOpen(t *testing.T) {
	t.Parallel()
	for name, lifecycle := range map[string]string{
		"ignore_changes": "\n  lifecycle {\n    ignore_changes = [status]\n  }\n}",
		"managed":        "\n}",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			c := env.Client(t)
			config := func(name string) string {
				return strings.TrimSuffix(strings.Replace(automaticConfig("paused"), `"Payment reminders"`, `"`+name+`"`, 1), "}\n") + lifecycle
			}
			w := env.Workdir(t)
			w.WriteBody(config("Payment reminders"))
			w.Must(0, "apply", "-auto-approve", "-no-color")
			w.WriteBody(config("Payment reminders (renamed)"))
			out := w.ApplySavedPlan(func() error { return c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusOpen) })
			task, err := c.Tasks.Get(t.Context(), 701)
			if err != nil {
				t.Fatal(err)
			}
			status := int64(-1)
			if task.Status != nil {
				status = int64(*task.Status)
			}
			if string(task.Name) != "Payment reminders (renamed)" || status != client.TaskStatusOpen {
				t.Errorf("after the rename the task is %q with status %d, want renamed and still open (1)", string(task.Name), status)
			}
			if want := `status: planned "paused", read back "open"`; !strings.Contains(out, want) {
				t.Errorf("the apply does not say %q:\n%s", want, out)
			}
		})
	}
}

// The same for the other members updateOrCreate writes: callers, priority
// and working hours changed in the portal after the plan were put back by
// an edit of the name, as refreshed at plan time, without a word (under
// lifecycle { ignore_changes } too). They are sent as the platform holds
// them now, and the read-back says they differ from the plan.
func TestAccOutboundTask_portalEditAfterPlanKept(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	config := func(name string) string {
		return `
resource "contactcenter_outbound_task" "test" {
  name     = "` + name + `"
  type     = 3
  trans_to = "ivr_main"
  priority = 10
  callers  = ["95001001"]
  lifecycle {
    ignore_changes = [callers, worktime]
  }
}
`
	}
	w := env.Workdir(t)
	w.WriteBody(config("Payment reminders"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(config("Payment reminders (renamed)"))
	p := client.FlexInt(200)
	out := w.ApplySavedPlan(func() error {
		return c.Tasks.Update(t.Context(), client.Task{ID: 701, Name: "Payment reminders", Type: 3, Priority: &p,
			Callers:  []client.FlexString{"95001009"},
			Worktime: &client.Worktime{Name: new(client.FlexString("mornings")), Working: client.FlexMap[[][]string]{"1": {{"08:00:00", "12:00:00"}}}},
		})
	})
	task, err := c.Tasks.Get(t.Context(), 701)
	if err != nil {
		t.Fatal(err)
	}
	priority := int64(-1)
	if task.Priority != nil {
		priority = int64(*task.Priority)
	}
	if string(task.Name) != "Payment reminders (renamed)" || priority != 200 || len(task.Callers) != 1 || task.Callers[0] != "95001009" ||
		task.Worktime == nil || task.Worktime.Name == nil || *task.Worktime.Name != "mornings" {
		t.Errorf("after the rename the task is %q, priority %d, callers %v, worktime %+v; want renamed, with the portal's priority 200, callers [95001009] and worktime",
			string(task.Name), priority, task.Callers, task.Worktime)
	}
	if want := `priority: planned 10, read back 200`; !strings.Contains(out, want) {
		t.Errorf("the apply does not say %q:\n%s", want, out)
	}
}

// TestAccOutboundTask_portalConfigKeptWithTypedOptions: a robot task whose
// voice options the platform holds as a number (set in the portal), and
// whose config.max_call_ratio the portal changed after the plan. The
// rename sent the config as refreshed (2), without a word: the options in
// the platform's types made the config differ from the state's, so it was
// taken for changed by the plan. It keeps the portal's 5, and the option
// its type; opening the task alone sends no edit (projects/updateOrCreate),
// only the status.
func TestAccOutboundTask_portalConfigKeptWithTypedOptions(t *testing.T) {
	t.Parallel()
	env, que := taskEnv(t)
	c := env.Client(t)
	w := env.Workdir(t)
	config := func(name, status string) string {
		return strings.Replace(robotConfig(que, `  status = "`+status+`"`), `"Survey robot"`, `"`+name+`"`, 1)
	}
	w.WriteBody(config("Survey robot", "paused"))
	m := regexp.MustCompile(`Creation complete after \S+ \[id=(\d+)\]`).FindStringSubmatch(w.Must(0, "apply", "-auto-approve", "-no-color"))
	if m == nil {
		t.Fatal("the create did not say the task's id")
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	task, err := c.Tasks.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	task.Config.TTS.Options["sample_rate"] = json.RawMessage(`16000`) // in the portal
	if err := c.Tasks.Update(t.Context(), *task); err != nil {
		t.Fatal(err)
	}
	w.Must(0, "plan", "-detailed-exitcode", "-no-color")

	w.WriteBody(config("Survey robot (renamed)", "paused"))
	w.ApplySavedPlan(func() error { // in the portal, after the plan
		task, err := c.Tasks.Get(t.Context(), id)
		if err != nil {
			return err
		}
		ratio := client.FlexFloat(5)
		task.Config.MaxCallRatio = &ratio
		return c.Tasks.Update(t.Context(), *task)
	})
	task, err = c.Tasks.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	ratio := client.FlexFloat(-1)
	if task.Config.MaxCallRatio != nil {
		ratio = *task.Config.MaxCallRatio
	}
	if string(task.Name) != "Survey robot (renamed)" || ratio != 5 || string(task.Config.TTS.Options["sample_rate"]) != "16000" {
		t.Errorf("after the rename the task is %q, max_call_ratio %v, sample_rate %s; want renamed, the portal's max_call_ratio 5 and the number 16000",
			string(task.Name), ratio, task.Config.TTS.Options["sample_rate"])
	}

	// The configuration takes the portal's ratio; then it opens the task.
	paused := strings.Replace(config("Survey robot (renamed)", "paused"), "max_call_ratio   = 2", "max_call_ratio   = 5", 1)
	w.WriteBody(paused)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.Must(0, "plan", "-detailed-exitcode", "-no-color")
	edits := func() int {
		st := env.Sim.Stats()
		return st["POST /autocall/api/v3/projects/updateOrCreate"] + st["PUT /autocall/api/v3/projects/updateOrCreate"]
	}
	before := edits()
	w.WriteBody(strings.Replace(paused, `status = "paused"`, `status = "open"`, 1))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if n := edits() - before; n != 0 {
		t.Errorf("opening the task alone sent %d edits (projects/updateOrCreate), want none: only the status", n)
	}
}

// TestAccOutboundTask_replaceOfTaskOpenedOutsideAdvice: a task whose
// configuration says status = "paused" was opened in the portal; a
// -replace (which Terraform does not show the provider at plan) deleted
// it first and was refused, and the error said to set status = "paused",
// which the configuration already did. It says that a plain apply sets
// the configured status first, and that apply and the -replace after it
// succeed.
func TestAccOutboundTask_replaceOfTaskOpenedOutsideAdvice(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	w.WriteBody(automaticConfig("paused"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if err := c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusOpen); err != nil {
		t.Fatal(err)
	}
	const replace = "-replace=contactcenter_outbound_task.test"
	out := strings.Join(strings.Fields(w.Must(1, "apply", replace, "-auto-approve", "-no-color")), " ")
	const want = `If the configuration already sets status = "paused" or "closed", the task was opened outside Terraform after the last apply (in the portal, or by the contactcenter_outbound_task_status action) and this plan read it open: a plain terraform apply (without -replace or -destroy) sets the configured status, then replace or destroy it again.`
	if !strings.Contains(out, "Error: Unable to Delete Outbound Task") || !strings.Contains(out, want) {
		t.Errorf("the refused delete of the -replace lacks %q:\n%s", want, out)
	}
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.Must(0, "apply", replace, "-auto-approve", "-no-color")
}

// TestAccOutboundTask_destroyOfTaskOpenedOutsideAdvice: as for a -replace,
// the plan of a destroy of a task whose configuration says status =
// "paused", opened in the portal since, refused it saying to set status =
// "paused", which the configuration already did. It says that a plain
// apply sets the configured status first, and that apply and the destroy
// after it succeed.
func TestAccOutboundTask_destroyOfTaskOpenedOutsideAdvice(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	w.WriteBody(automaticConfig("paused"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if err := c.Tasks.SetStatus(t.Context(), 701, client.TaskStatusOpen); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(1, "destroy", "-auto-approve", "-no-color")), " ")
	const want = `If the configuration already sets status = "paused" or "closed", the task was opened outside Terraform after the last apply (in the portal, or by the contactcenter_outbound_task_status action) and this plan read it open: a plain terraform apply (without -destroy) sets the configured status, then destroy it again.`
	if !strings.Contains(out, "Error: Destroying an Open Outbound Task") || !strings.Contains(out, want) {
		t.Errorf("the refused destroy lacks %q:\n%s", want, out)
	}
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.Must(0, "destroy", "-auto-approve", "-no-color")
}
