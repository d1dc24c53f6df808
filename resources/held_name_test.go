package resources_test

import (
	"fmt"
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
	id, err := env.Client(t).Tasks.Create(t.Context(), client.Task{Name: held, Type: 3, TransTo: new(client.FlexString("ivr-cafe")),
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
  trans_to = "ivr-cafe"
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
