package resources_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAcc_sameCenterOtherWayNotRefused: the same contact center reached
// another way is not another contact center. Its endpoint written with an
// upper-case host and a trailing slash recorded other text, and an object
// that changed by itself since it was last read (the signature a template
// created in the same apply now uses, a template approved, a task paused by
// an action) was refused as "most likely another contact center's", with
// advice to refresh through the old address or import every object again.
// The endpoint is now recorded one way, and the attributes that change by
// themselves do not tell two centers apart; at another host (localhost for
// 127.0.0.1) such an object is the same one, and the paused task plans its
// reopening as at the old address.
func TestAcc_sameCenterOtherWayNotRefused(t *testing.T) {
	t.Parallel()
	e := acctest.New(t)
	body := `
resource "contactcenter_sms_signature" "s" {
  sign_text = "Acme Co"
}

resource "contactcenter_sms_template" "t" {
  template_name     = "notice"
  template_contents = "Hello $${name}"
  sign_id           = contactcenter_sms_signature.s.id
}

resource "contactcenter_outbound_task" "r" {
  name     = "Reminders"
  type     = 3
  status   = "open"
  trans_to = "ivr-payments"
}
`
	w := e.Workdir(t)
	w.WriteBody(body)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if err := e.Sim.Review("sms_template", stateID(t, w, "contactcenter_sms_template.t"), 1, ""); err != nil {
		t.Fatal(err)
	}
	task, err := strconv.ParseInt(stateID(t, w, "contactcenter_outbound_task.r"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Client(t).Tasks.SetStatus(context.Background(), task, 2); err != nil {
		t.Fatal(err)
	}

	// The same address written another way: nothing refused, nothing but
	// the paused task planned.
	upper := strings.Replace(e.Origin, "127.0.0.1", "LOCALHOST", 1) + "/"
	w.Write(strings.Replace(w.Prelude(), "127.0.0.1", "localhost", 1) + body) // records localhost
	w.Must(0, "apply", "-refresh-only", "-auto-approve", "-no-color")
	w.Write(strings.Replace(w.Prelude(), e.Origin, upper, 1) + body)
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if strings.Contains(out, "other addresses") || !strings.Contains(out, "Plan: 0 to add, 1 to change, 0 to destroy") {
		t.Errorf("a plan at %s:\n%s", upper, out)
	}
	// ... nor a -refresh=false edit there.
	w.Write(strings.Replace(w.Prelude(), e.Origin, upper, 1) + strings.Replace(body, `"Reminders"`, `"Reminders 2"`, 1))
	out = strings.Join(strings.Fields(w.Must(0, "apply", "-refresh=false", "-auto-approve", "-no-color")), " ")
	if !strings.Contains(out, "0 added, 1 changed, 0 destroyed") {
		t.Errorf("a -refresh=false edit at %s:\n%s", upper, out)
	}
	if err := e.Client(t).Tasks.SetStatus(context.Background(), task, 2); err != nil {
		t.Fatal(err)
	}
	if err := e.Sim.Review("sms_template", stateID(t, w, "contactcenter_sms_template.t"), 2, "no"); err != nil {
		t.Fatal(err)
	}
	// Another host of the same center (127.0.0.1 for localhost), the
	// objects read changed only by themselves: the same objects.
	w.Write(w.Prelude() + strings.Replace(body, `"Reminders"`, `"Reminders 2"`, 1))
	out = strings.Join(strings.Fields(w.Must(0, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{`~ status = "paused" -> "open"`, "0 added, 1 changed, 0 destroyed"} {
		if !strings.Contains(out, want) {
			t.Errorf("apply at %s lacks %q:\n%s", e.Origin, want, out)
		}
	}
	if strings.Contains(out, "other addresses") {
		t.Errorf("the same center at %s is refused:\n%s", e.Origin, out)
	}
}
