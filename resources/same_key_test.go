package resources_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccCreateBesideExisting: webhooks, outbound tasks and voice files
// have no unique key, so a configuration applied to a center that has
// objects of the same names (one exported from another center, its import
// blocks by that center's ids removed) created a second of each,
// silently. The create says so, naming the existing object's id and how
// to import it, from the lookup every create makes before it is sent (no
// call more); objects another resource of the same apply made are not
// named.
func TestAccCreateBesideExisting(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	wav := writeWAV(t, t.TempDir(), "hold.wav", 1)
	body := fmt.Sprintf(`
resource "contactcenter_webhook" "w" {
  count = 2
  name  = "CRM"
  url   = "https://crm.example.com/calls"
}
resource "contactcenter_outbound_task" "t" {
  name     = "Reminders"
  type     = 3
  trans_to = "ivr_main"
}
resource "contactcenter_sound" "s" {
  name       = "Hold"
  sound_type = 1
  source     = %q
}
`, wav)
	// -parallelism=1: an apply's read-backs of writes that overlap share a
	// call (the two webhooks' reads by name: one page of the whole list, or
	// a filtered call each when they do not overlap), so at the default
	// width the count of each apply followed the timing of its writes, 3 or
	// 4, and the comparison below, which is of what the warning costs, failed
	// 3 runs in 10. One at a time, both applies read the same way.
	staging := env.Workdir(t)
	staging.WriteBody(body)
	staging.Must(0, "init")
	out := staging.Must(0, "apply", "-auto-approve", "-parallelism=1", "-no-color")
	if strings.Contains(out, "Created Beside an Existing One") {
		t.Errorf("first apply (two webhooks of one name, made by this apply): warned\n%s", out)
	}
	calls := env.Sim.Stats()

	promoted := env.Workdir(t)
	promoted.WriteBody(body)
	promoted.Must(0, "init")
	out = strings.Join(strings.Fields(promoted.Must(0, "apply", "-auto-approve", "-parallelism=1", "-no-color")), " ")
	for _, want := range []string{
		`Warning: Webhook Created Beside an Existing One`,
		`A webhook named "CRM" with url "https://crm.example.com/calls" already existed (ids `,
		`(and one more similar warning elsewhere)`, // the other webhook: Terraform shows one
		`Warning: Outbound Task Created Beside an Existing One`,
		`An outbound task named "Reminders" of type 3 already existed (id `,
		`Warning: Sound Created Beside an Existing One`,
		`A sound named "Hold" of sound_type 1 already existed (id `,
		`(an import block with id = "`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("second apply lacks %q:\n%s", want, out)
		}
	}
	// Staging's two webhooks, not the other one this apply made.
	if !regexp.MustCompile(`already existed \(ids (\d+), (\d+)\) before this one was created \(id \d+\)`).MatchString(out) {
		t.Errorf("second apply: the webhook's warning does not name staging's two webhooks alone:\n%s", out)
	}
	after := env.Sim.Stats()
	for _, p := range []string{"GET /autocall/api/v3/webhook/lists", "GET /autocall/api/v3/projects/lists", "POST /portal/v2/svcapi/sound/list"} {
		if first, second := calls[p], after[p]-calls[p]; second != first {
			t.Errorf("%s: %d calls in the first apply, %d in the second; want the same (the warning costs no call)", p, first, second)
		}
	}
}

// TestAccCreateBesideExistingReplacement: a voice file replaced with
// lifecycle { create_before_destroy } (a new remark or recording, as the
// sound's guide advises when a group plays it) is created while the old
// one, of the same name, still exists, and destroyed right after: the
// create cannot tell it from another center's object. Its warning advised
// only destroying the new one and importing the old, which the same apply
// deletes; it says first that a replacement needs nothing done.
func TestAccCreateBesideExistingReplacement(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	wav := writeWAV(t, t.TempDir(), "hold.wav", 1)
	wd := env.Workdir(t)
	body := func(remark string) string {
		return fmt.Sprintf(`
resource "contactcenter_sound" "s" {
  name       = "Hold"
  remark     = %q
  sound_type = 1
  source     = %q
  lifecycle {
    create_before_destroy = true
  }
}
`, remark, wav)
	}
	wd.WriteBody(body("v1"))
	wd.Must(0, "init")
	wd.Must(0, "apply", "-auto-approve", "-no-color")
	wd.WriteBody(body("v2"))
	out := strings.Join(strings.Fields(wd.Must(0, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{
		`Warning: Sound Created Beside an Existing One`,
		`If this apply replaces that sound (lifecycle { create_before_destroy } or -replace: it is destroyed right after this create, as the apply's output shows), or another resource of this configuration manages it (a for_each or count instance of the same name), nothing is to be done.`,
		`Destruction complete`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("replacing the voice file with create_before_destroy: the apply lacks %q:\n%s", want, out)
		}
	}
}

// TestAccCreateBesideExistingSibling: a for_each instance added beside
// instances of the same name an earlier apply made finds them before its
// create: they are this configuration's, not another center's, and the
// warning says first that nothing is then to be done (it advised only
// destroying the new instance and importing one another instance manages).
func TestAccCreateBesideExistingSibling(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	wd := env.Workdir(t)
	body := func(keys string) string {
		return fmt.Sprintf(`
resource "contactcenter_webhook" "w" {
  for_each = toset(%s)
  name     = "CRM"
  url      = "https://crm.example.com/calls"
}
`, keys)
	}
	wd.WriteBody(body(`["a", "b"]`))
	wd.Must(0, "init")
	wd.Must(0, "apply", "-auto-approve", "-no-color")
	wd.WriteBody(body(`["a", "b", "c"]`))
	out := strings.Join(strings.Fields(wd.Must(0, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{
		`Warning: Webhook Created Beside an Existing One`,
		`or another resource of this configuration manages it (a for_each or count instance of the same name), nothing is to be done.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("adding a for_each instance beside two of the same name: the apply lacks %q:\n%s", want, out)
		}
	}
}

// TestAccCreateBesideExistingOlderState: a state restored from before a
// webhook was added (terraform state push of an older pull) made the apply
// create the webhook a second time and point the task, which the older
// state holds, at the new one. The warning's advice, a targeted destroy of
// the new webhook, also destroys that task (a real one, with its calls):
// the warning names a state restored from an older backup as a cause, says
// so, and gives the way that destroys nothing else.
func TestAccCreateBesideExistingOlderState(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	task := func(ids string) string {
		return fmt.Sprintf(`
resource "contactcenter_outbound_task" "t" {
  name     = "Reminders"
  type     = 3
  trans_to = "ivr_main"
  config = {
    webhook = { enable = true, ids = [%s] }
  }
}
`, ids)
	}
	hook := `
resource "contactcenter_webhook" "w" {
  name = "CRM"
  url  = "https://crm.example.com/calls"
}
`
	w.WriteBody(task(""))
	w.Must(0, "init")
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteFile("older.tfstate", w.Must(0, "state", "pull"))
	w.WriteBody(hook + task("contactcenter_webhook.w.id"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.Must(0, "state", "push", "-force", "older.tfstate")

	out := strings.Join(strings.Fields(w.Must(0, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{
		`Warning: Webhook Created Beside an Existing One`,
		`(this configuration's state was lost or restored from an older backup, or a configuration exported from another contact center was applied to this one)`,
		`That destroy also destroys every resource that refers to this one (an outbound task whose config.webhook.ids holds its id): ` +
			`if its plan lists any, answer no, and take the new one out of the state instead (terraform state rm <address>), import the existing one, and delete the new one (id `,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("apply from the older state lacks %q:\n%s", want, out)
		}
	}
	// What the warning says of the targeted destroy is so: it takes the task.
	plan := w.Must(0, "plan", "-destroy", "-target=contactcenter_webhook.w", "-no-color")
	if !strings.Contains(plan, "contactcenter_outbound_task.t will be destroyed") {
		t.Errorf("the targeted destroy of the new webhook does not destroy the task that refers to it:\n%s", plan)
	}
}
