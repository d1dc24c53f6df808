package actions_test

import (
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// automaticTask creates a closed automatic task through the client.
func automaticTask(t *testing.T, c *client.Client, name string) int64 {
	t.Helper()
	id, err := c.Tasks.Create(t.Context(), client.Task{Name: client.FlexString(name), Type: client.FlexInt(client.TaskTypeAutomatic)})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func taskStatus(t *testing.T, c *client.Client, id int64) int64 {
	t.Helper()
	task, err := c.Tasks.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return int64(*task.Status)
}

func TestOutboundTaskStatusAction_openAndPause(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	a, b := automaticTask(t, c, "A"), automaticTask(t, c, "B")

	res := env.RunAction(t, "contactcenter_outbound_task_status", map[string]any{"ids": []int64{a, b}, "status": "open"})
	if res.HasError() || !res.Completed {
		t.Fatalf("open: phase %s completed %v: %s", res.Phase, res.Completed, res.Text())
	}
	want := []string{
		fmt.Sprintf("Outbound task %d: opened (1 of 2)", a),
		fmt.Sprintf("Outbound task %d: opened (2 of 2)", b),
		"2 outbound task(s) opened",
	}
	if strings.Join(res.Progress, "\n") != strings.Join(want, "\n") {
		t.Errorf("progress:\n%s\nwant:\n%s", strings.Join(res.Progress, "\n"), strings.Join(want, "\n"))
	}
	for _, id := range []int64{a, b} {
		if s := taskStatus(t, c, id); s != client.TaskStatusOpen {
			t.Errorf("task %d has status %d after open, want 1", id, s)
		}
	}

	res = env.RunAction(t, "contactcenter_outbound_task_status", map[string]any{"ids": []int64{b}, "status": "paused"})
	if res.HasError() {
		t.Fatalf("pause: %s", res.Text())
	}
	if s := taskStatus(t, c, b); s != client.TaskStatusPaused {
		t.Errorf("task %d has status %d after pause, want 2", b, s)
	}
	if s := taskStatus(t, c, a); s != client.TaskStatusOpen {
		t.Errorf("task %d changed to %d; only %d was paused", a, s, b)
	}
}

func TestOutboundTaskStatusAction_missingTask(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	a := automaticTask(t, c, "A")
	res := env.RunAction(t, "contactcenter_outbound_task_status", map[string]any{"ids": []int64{999999, a}, "status": "open"})
	if !res.HasError() || res.Phase != "invoke" {
		t.Fatalf("a missing task must fail the invoke, got phase %s: %s", res.Phase, res.Text())
	}
	if !strings.Contains(res.Text(), "Task 999999") || !strings.Contains(res.Text(), "Unable to Open Outbound Task") {
		t.Errorf("the error does not name the task: %s", res.Text())
	}
	// The other task is still opened, and its progress reported.
	if s := taskStatus(t, c, a); s != client.TaskStatusOpen {
		t.Errorf("task %d has status %d, want 1", a, s)
	}
	if len(res.Progress) != 2 || !strings.Contains(res.Progress[0], "failed") {
		t.Errorf("progress = %q", res.Progress)
	}
	// The diagnostics say it too: only the progress lines did, and a reader
	// of the error alone did not know task a was opened.
	if want := fmt.Sprintf("Other Outbound Tasks Were Opened: Task(s) %d were opened", a); !strings.Contains(res.Text(), want) {
		t.Errorf("the diagnostics lack %q: %s", want, res.Text())
	}
}

func TestOutboundTaskStatusAction_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]struct {
		config map[string]any
		want   string
	}{
		"status closed": {map[string]any{"ids": []int64{1}, "status": "closed"}, `status takes "open" or "paused" (the API's 1 and 2, written by name here), got "closed": a task is closed through the status of its contactcenter_outbound_task resource.`},
		// The API's number for a status, which the docs give beside its name.
		"status 2":      {map[string]any{"ids": []int64{1}, "status": "2"}, `status takes "open" or "paused" (the API's 1 and 2, written by name here), got "2": write "paused".`},
		"no ids":        {map[string]any{"ids": []int64{}, "status": "open"}, "at least 1"},
		"duplicate ids": {map[string]any{"ids": []int64{7, 7}, "status": "open"}, "duplicate values"},
		"id 0":          {map[string]any{"ids": []int64{0}, "status": "open"}, "at least 1"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			res := env.RunAction(t, "contactcenter_outbound_task_status", tc.config)
			if !res.HasError() || res.Phase != "validate" || !strings.Contains(res.Text(), tc.want) {
				t.Errorf("phase %s, diagnostics %s; want a validate error containing %q", res.Phase, res.Text(), tc.want)
			}
		})
	}
	if n := env.Requests(); n != 0 {
		t.Errorf("validation reached the API: %d requests", n)
	}
}

// TestAccOutboundTaskStatusAction_cli drives the action through Terraform
// (1.14 or later can invoke actions; older versions skip).
func TestAccOutboundTaskStatusAction_cli(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Config: env.Config(`
# The action opens the task; an open task is deleted only with
# force_delete, so the test's destroy can clean up.
resource "contactcenter_outbound_task" "test" {
  name         = "Reminders"
  type         = 3
  force_delete = true
}

action "contactcenter_outbound_task_status" "open" {
  config {
    ids    = [contactcenter_outbound_task.test.id]
    status = "open"
  }
}

resource "terraform_data" "start" {
  input = contactcenter_outbound_task.test.id
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_outbound_task_status.open]
    }
  }
}
`),
			Check: func(s *terraform.State) error {
				id, _ := strconv.ParseInt(s.RootModule().Resources["contactcenter_outbound_task.test"].Primary.ID, 10, 64)
				if st := taskStatus(t, c, id); st != client.TaskStatusOpen {
					return fmt.Errorf("task %d has status %d after the action, want 1 (open)", id, st)
				}
				return nil
			},
			// The resource still says closed: the next plan shows the difference.
			ExpectNonEmptyPlan: true,
		}},
	})
}

// The example works as written (Terraform 1.14 or later): the apply opens
// the task through the action, the next plan is empty, and destroy removes
// the open task; twice on the same simulator.
func TestAccOutboundTaskStatusAction_example(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	src, err := os.ReadFile("../examples/actions/contactcenter_outbound_task_status/action.tf")
	if err != nil {
		t.Fatal(err)
	}
	cfg := env.Config(string(src))
	opened := func(s *terraform.State) error {
		id, _ := strconv.ParseInt(s.RootModule().Resources["contactcenter_outbound_task.reminders"].Primary.ID, 10, 64)
		if st := taskStatus(t, c, id); st != client.TaskStatusOpen {
			return fmt.Errorf("task %d has status %d after the apply, want 1 (open)", id, st)
		}
		return nil
	}
	apply := resource.TestStep{Config: cfg, Check: opened}
	plan := resource.TestStep{Config: cfg, PlanOnly: true}
	destroy := resource.TestStep{Config: cfg, Destroy: true}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps:                    []resource.TestStep{apply, plan, destroy, apply, plan},
		CheckDestroy: func(*terraform.State) error {
			tasks, err := client.Collect(c.Tasks.List(t.Context(), client.TaskFilter{}))
			if err != nil {
				return fmt.Errorf("after destroy: listing tasks: %w", err)
			}
			if len(tasks) != 0 {
				return fmt.Errorf("after destroy: %d tasks left", len(tasks))
			}
			return nil
		},
	})
}

// TestOutboundTaskStatusAction_lostAnswer: the platform opened the task
// but its answer was lost at every attempt; the action reported a failure
// for a task that was open. The task is read once: it reads open, so the
// action succeeds and says how it knows.
func TestOutboundTaskStatusAction_lostAnswer(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	id := automaticTask(t, c, "A")
	postAdmin(t, env, "/_sim/faults", `{"force":[{"method":"POST","path":"/autocall/api/v3/projects/status/update","lost":true,"count":1}]}`)
	srv := env.ActionServerWith(t, map[string]any{"max_retries": 0})
	res := acctest.RunAction(t, srv, "contactcenter_outbound_task_status", map[string]any{"ids": []int64{id}, "status": "open"})
	if len(errorDiags(res)) != 0 || !strings.Contains(strings.Join(res.Progress, "\n"), fmt.Sprintf("Outbound task %d: opened (the answers were lost; the task reads open)", id)) {
		t.Fatalf("want the task reported opened:\n%s\nprogress: %q", res.Text(), res.Progress)
	}
	if s := taskStatus(t, c, id); s != client.TaskStatusOpen {
		t.Errorf("status %d, want open", s)
	}
}

// TestOutboundTaskStatusAction_failedUnread: the service failed (HTTP 502)
// without acting, at every attempt: the task does not read open, and the
// error says it may have been opened already, that running again is safe,
// and how to run it again, not only "retrying later may succeed".
func TestOutboundTaskStatusAction_failedUnread(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/projects/status/update") {
				http.Error(w, "bad gateway", http.StatusBadGateway)
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	c := env.Client(t)
	id := automaticTask(t, c, "A")
	srv := env.ActionServerWith(t, map[string]any{"max_retries": 0})
	res := acctest.RunAction(t, srv, "contactcenter_outbound_task_status", map[string]any{"ids": []int64{id}, "status": "open"})
	errs := errorDiags(res)
	if len(errs) != 1 || errs[0].Summary != "Unable to Open Outbound Task" {
		t.Fatalf("diagnostics:\n%s", res.Text())
	}
	for _, want := range []string{"answered HTTP 502", "the task may have been opened already",
		"running the action again is safe", "terraform apply -invoke=action.contactcenter_outbound_task_status.<name>"} {
		if !strings.Contains(errs[0].Detail, want) {
			t.Errorf("detail lacks %q:\n%s", want, errs[0].Detail)
		}
	}
}
