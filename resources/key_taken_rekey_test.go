package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccKeyTaken_renamedForEachKey: a for_each key renamed without a
// moved block (map key "sales" to "sales-east", the object's unique value
// unchanged) plans a destroy of the old address and a create at the new
// one. Terraform plans the two in any order, and a create checked before
// the old address's refresh (or, with -refresh=false, before its destroy's
// plan) warned that its key was taken, by the object this very plan
// destroys ("Agent Already Exists" beside "Agent Deleted and Created
// Again"): 4 to 5 plans in 10 for each kind with -refresh=false, up to 2
// in 10 with refresh. The check now waits for the plan's other instances
// (settleHolders); the deleted-and-created warning stays, and a key held
// by an object made outside Terraform is still warned of, in the same
// plan.
func TestAccKeyTaken_renamedForEachKey(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	outside, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Outside", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	body := func(keys ...string) string {
		m := func(f string) string {
			var kv []string
			for i, k := range keys {
				kv = append(kv, fmt.Sprintf("%q = %q", k, fmt.Sprintf(f, i)))
			}
			return "{ " + strings.Join(kv, ", ") + " }"
		}
		return fmt.Sprintf(`
resource "contactcenter_sms_signature" "s" {
  for_each  = %s
  sign_text = each.value
}

resource "contactcenter_skill_group" "g" {
  for_each     = %s
  que_name     = each.value
  que_priority = 1
}

resource "contactcenter_agent" "a" {
  for_each      = %s
  user_num      = each.value
  user_name     = "Sal"
  user_password = "Secret-1"
}

resource "contactcenter_sms_template" "t" {
  for_each          = %s
  template_name     = each.value
  template_contents = "Hello"
  sign_id           = %d
  submit_for_review = false
}
`, m("Acme Sales %d"), m("Sales %d"), m("880%d"), m("Sales note %d"), sg.ID.Int64())
	}
	w := env.Workdir(t)
	w.WriteBody(body("sales", "support"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	// Both keys renamed; one more group whose name a group made outside
	// Terraform holds (the true case).
	w.WriteBody(body("sales-east", "support-east") + `
resource "contactcenter_skill_group" "outside" {
  que_name     = "Outside"
  que_priority = 1
}
`)
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for range 3 {
		for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-no-color", "-refresh=false"}} {
			out := flat(w.Must(0, args...))
			for _, want := range []string{
				"Plan: 9 to add, 0 to change, 8 to destroy.",
				"Warning: SMS Signature Deleted and Created Again",
				"Warning: Skill Group Deleted and Created Again",
				"Warning: Agent Deleted and Created Again",
				"Warning: SMS Template Deleted and Created Again",
				"Warning: Skill Group Already Exists with contactcenter_skill_group.outside,",
				fmt.Sprintf(`the contact center already has skill group %s with that que_name.`, outside),
			} {
				if !strings.Contains(out, want) {
					t.Errorf("terraform %v lacks %q:\n%s", args, want, out)
				}
			}
			if n := strings.Count(out, "Already Exists"); n != 1 {
				t.Errorf("terraform %v: %d key-taken warnings, want 1 (the renamed keys are held by objects this plan destroys):\n%s", args, n, out)
			}
		}
	}
	w.WriteBody(body("sales", "support"))
	w.Must(0, "destroy", "-auto-approve", "-no-color")
}
