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
  trans_to = "ivr-remind"
}
resource "contactcenter_sound" "s" {
  name       = "Hold"
  sound_type = 1
  source     = %q
}
`, wav)
	staging := env.Workdir(t)
	staging.WriteBody(body)
	staging.Must(0, "init")
	out := staging.Must(0, "apply", "-auto-approve", "-no-color")
	if strings.Contains(out, "Created Beside an Existing One") {
		t.Errorf("first apply (two webhooks of one name, made by this apply): warned\n%s", out)
	}
	calls := env.Sim.Stats()

	promoted := env.Workdir(t)
	promoted.WriteBody(body)
	promoted.Must(0, "init")
	out = strings.Join(strings.Fields(promoted.Must(0, "apply", "-auto-approve", "-no-color")), " ")
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
