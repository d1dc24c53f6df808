package resources_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccWebhook_decomposedNameKept: a webhook named in the portal with a
// decomposed "é" ("Cafe" and U+0301) is adopted by a configuration that
// can only hold it composed (Terraform writes strings in NFC). An edit of
// status sent name composed, as webhook/updateOrCreate requires it (§4.4),
// and the platform's name was rewritten, as a skill group's was; the edit
// sends the name as the platform holds it, and the next plan is empty.
func TestAccWebhook_decomposedNameKept(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	const held = "Cafe\u0301 hooks"
	w0, err := env.Client(t).Webhooks.Create(t.Context(), client.WebhookInput{Name: held, URL: "https://crm.example.com/cafe", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	body := func(status bool) string {
		return fmt.Sprintf(`
import {
  to = contactcenter_webhook.cafe
  id = "%d"
}
resource "contactcenter_webhook" "cafe" {
  name       = "Caf\u00e9 hooks"
  url        = "https://crm.example.com/cafe"
  event_type = 1
  status     = %t
}
`, int64(w0.ID), status)
	}
	w.WriteBody(body(false))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(body(true))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	got, err := env.Client(t).Webhooks.Get(t.Context(), int64(w0.ID))
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Name) != held || !bool(got.Status) {
		t.Errorf("after the edit of status the platform holds name %+q, status %v; want %+q (as held) and true", string(got.Name), bool(got.Status), held)
	}
	if out := w.Must(0, "plan", "-no-color"); !strings.Contains(out, "No changes.") {
		t.Errorf("the plan after the edit is not empty:\n%s", out)
	}
}

// TestAccOutboundTask_decomposedNameKept: the same for a task, whose every
// edit carries its name (projects/updateOrCreate requires it, §2.7): an
// edit of priority rewrote a name held decomposed composed.
func TestAccOutboundTask_decomposedNameKept(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	const held = "Cafe\u0301 calls"
	id, err := env.Client(t).Tasks.Create(t.Context(), client.Task{Name: held, Type: 3, TransTo: new(client.FlexString("ivr_main")),
		Context: client.FlexString(client.TaskContexts[3])})
	if err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	body := func(priority int) string {
		return fmt.Sprintf(`
import {
  to = contactcenter_outbound_task.cafe
  id = "%d"
}
resource "contactcenter_outbound_task" "cafe" {
  name     = "Caf\u00e9 calls"
  type     = 3
  trans_to = "ivr_main"
  priority = %d
}
`, id, priority)
	}
	w.WriteBody(body(100))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(body(120))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	got, err := env.Client(t).Tasks.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	priority := int64(-1)
	if got.Priority != nil {
		priority = got.Priority.Int64()
	}
	if string(got.Name) != held || priority != 120 {
		t.Errorf("after the edit of priority the platform holds name %+q, priority %d; want %+q (as held) and 120", string(got.Name), priority, held)
	}
	if out := w.Must(0, "plan", "-no-color"); !strings.Contains(out, "No changes.") {
		t.Errorf("the plan after the edit is not empty:\n%s", out)
	}
}

// TestAcc_decomposedNameReadFails: the edit of a skill group, webhook or
// task whose name has a decomposed form reads the name as the platform
// holds it first. When that read failed, the edit went on with the name
// composed, and the platform's "Cafe\u0301" became "Café" with no word of
// it (a change no plan showed, and no later plan can undo). The apply
// fails with the read's error, names the attribute and the name, sends no
// edit, and the platform keeps the name as it held it.
func TestAcc_decomposedNameReadFails(t *testing.T) {
	t.Parallel()
	const held = "Cafe\u0301 Q"
	for _, tc := range []struct {
		name, typ, attr, body string
		read, edit            string // method and path of the read before the edit, and of the edit
		// reads is how many calls the read makes before it fails: a
		// webhook's is batched by name (page 1 of webhook/lists), and a
		// batch that fails is read again from the whole list (Get), so
		// both calls must fail for the read to.
		reads  int
		create func(t *testing.T, c *client.Client) int64
		got    func(t *testing.T, c *client.Client, id int64) string
	}{
		{
			name: "skill group", typ: "contactcenter_skill_group", attr: "que_name",
			body: "que_name = \"Caf\u00e9 Q\"\n  que_priority = %d", read: "POST /portal/v2/svcapi/queue/list", edit: "POST /portal/v2/svcapi/queue/update",
			create: func(t *testing.T, c *client.Client) int64 {
				id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: held, QuePriority: 1})
				if err != nil {
					t.Fatal(err)
				}
				n, _ := strconv.ParseInt(id, 10, 64)
				return n
			},
			got: func(t *testing.T, c *client.Client, id int64) string {
				g, err := c.Queues.Get(t.Context(), id)
				if err != nil {
					t.Fatal(err)
				}
				return string(g.QueName)
			},
		},
		{
			name: "webhook", typ: "contactcenter_webhook", attr: "name",
			body: "name = \"Caf\u00e9 Q\"\n  url = \"https://crm.example.com/cafe\"\n  event_type = 1\n  dept_id = %d", read: "GET /autocall/api/v3/webhook/lists", edit: "POST /autocall/api/v3/webhook/updateOrCreate",
			reads: 2,
			create: func(t *testing.T, c *client.Client) int64 {
				w, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: held, URL: "https://crm.example.com/cafe", EventType: 1, DeptID: 1})
				if err != nil {
					t.Fatal(err)
				}
				return int64(w.ID)
			},
			got: func(t *testing.T, c *client.Client, id int64) string {
				w, err := c.Webhooks.Get(t.Context(), id)
				if err != nil {
					t.Fatal(err)
				}
				return string(w.Name)
			},
		},
		{
			name: "outbound task", typ: "contactcenter_outbound_task", attr: "name",
			body: "name = \"Caf\u00e9 Q\"\n  type = 3\n  trans_to = \"ivr_main\"\n  priority = %d", read: "GET /autocall/api/v3/projects/detail", edit: "PUT /autocall/api/v3/projects/updateOrCreate",
			create: func(t *testing.T, c *client.Client) int64 {
				id, err := c.Tasks.Create(t.Context(), client.Task{Name: held, Type: 3, TransTo: new(client.FlexString("ivr_main")),
					Context: client.FlexString(client.TaskContexts[3]), Priority: new(client.FlexInt(1))})
				if err != nil {
					t.Fatal(err)
				}
				return id
			},
			got: func(t *testing.T, c *client.Client, id int64) string {
				tk, err := c.Tasks.Get(t.Context(), id)
				if err != nil {
					t.Fatal(err)
				}
				return string(tk.Name)
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			id := tc.create(t, env.Client(t))
			w := env.Workdir(t)
			body := func(n int) string {
				return fmt.Sprintf("import {\n  to = %s.cafe\n  id = \"%d\"\n}\nresource %q \"cafe\" {\n  %s\n}\n", tc.typ, id, tc.typ, fmt.Sprintf(tc.body, n))
			}
			w.WriteBody(body(1))
			w.Must(0, "apply", "-auto-approve", "-no-color")
			w.WriteBody(body(2))
			w.Must(0, "plan", "-out", "edit.tfplan", "-no-color")
			method, path, _ := strings.Cut(tc.read, " ")
			force := fmt.Sprintf(`{"force":[{"method":%q,"path":%q,"code":403,"count":%d}]}`, method, path, max(tc.reads, 1))
			req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, env.Origin+"/_sim/faults", strings.NewReader(force))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			edits := env.Sim.Stats()[tc.edit]
			code, out := w.Run("apply", "-no-color", "edit.tfplan")
			flat := strings.Join(strings.Fields(out), " ")
			if want := fmt.Sprintf("the edit must send %[1]s, and reading %[1]s as the platform holds it failed, so nothing was sent: the planned %[1]s \"Café Q\"", tc.attr); code != 1 || !strings.Contains(flat, want) {
				t.Errorf("apply with the read of the held name failing: exit %d, want 1 and an error saying %q:\n%s", code, want, out)
			}
			if n := env.Sim.Stats()[tc.edit] - edits; n != 0 {
				t.Errorf("%s: %d calls after the read failed, want none", tc.edit, n)
			}
			if got := tc.got(t, env.Client(t), id); got != held {
				t.Errorf("the platform holds %s %+q after the failed apply, want %+q as it held it", tc.attr, got, held)
			}
			// Applied again once the read succeeds, the edit goes through
			// with the name as the platform holds it, and without a
			// warning that it read back another name: "Cafe\u0301 Q" is
			// "Café Q" in another form, not a change (it warned
			// `name: planned "Café Q", read back "Café Q"` at every edit).
			if out := w.Must(0, "apply", "-auto-approve", "-no-color"); strings.Contains(out, "Read Back With Other Values") {
				t.Errorf("the edit warns of a read-back with another %s:\n%s", tc.attr, out)
			}
			if n := env.Sim.Stats()[tc.edit] - edits; n != 1 {
				t.Errorf("%s: %d calls in the second apply, want 1", tc.edit, n)
			}
			if got := tc.got(t, env.Client(t), id); got != held {
				t.Errorf("the platform holds %s %+q after the second apply, want %+q as it held it", tc.attr, got, held)
			}
			w.Must(0, "plan", "-detailed-exitcode", "-no-color")
		})
	}
}

// TestAccWebhook_decomposedNameGoneSincePlan: a webhook deleted after the
// plan fails the edit as any edit of a deleted object does (deleted since
// the plan: plan again), not with "apply again once the read succeeds",
// and nothing is sent (an updateOrCreate might create it anew).
func TestAccWebhook_decomposedNameGoneSincePlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w0, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Cafe\u0301 gone", URL: "https://crm.example.com/cafe", EventType: 1, DeptID: 1})
	if err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	body := func(dept int) string {
		return fmt.Sprintf(`
import {
  to = contactcenter_webhook.cafe
  id = "%d"
}
resource "contactcenter_webhook" "cafe" {
  name       = "Caf\u00e9 gone"
  url        = "https://crm.example.com/cafe"
  event_type = 1
  dept_id    = %d
}
`, int64(w0.ID), dept)
	}
	w.WriteBody(body(1))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(body(2))
	w.Must(0, "plan", "-out", "edit.tfplan", "-no-color")
	if err := c.Webhooks.Delete(t.Context(), int64(w0.ID)); err != nil {
		t.Fatal(err)
	}
	edits := env.Sim.Stats()["POST /autocall/api/v3/webhook/updateOrCreate"]
	code, out := w.Run("apply", "-no-color", "edit.tfplan")
	flat := strings.Join(strings.Fields(out), " ")
	if code != 1 || !strings.Contains(flat, "The object no longer exists: it was deleted outside Terraform after this plan was made. Run terraform plan again") ||
		strings.Contains(flat, "Apply again once the read succeeds") {
		t.Errorf("apply of an edit of a webhook deleted since the plan: exit %d, want 1 and only the advice to plan again:\n%s", code, out)
	}
	if n := env.Sim.Stats()["POST /autocall/api/v3/webhook/updateOrCreate"] - edits; n != 0 {
		t.Errorf("webhook/updateOrCreate: %d calls for a webhook deleted since the plan, want none", n)
	}
}
