package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccKeyCreatedTwice: two resources of one configuration given the
// same unique value (a copied block, a data file holding a row twice)
// planned as two plain creates, and the apply made the first and was
// refused the second. The plan now warns at the second, naming the value;
// with -refresh=false too. Values known only at apply are left to it, and
// distinct values plan without a word.
func TestAccKeyCreatedTwice(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(`
resource "contactcenter_skill_group" "sales" {
  que_name     = "Sales"
  que_priority = 1
}

resource "contactcenter_skill_group" "sales_copy" {
  que_name     = "Sales"
  que_priority = 2
}

resource "contactcenter_agent" "a" {
  for_each      = { ann = "8101", bob = "8101", cy = "8103" }
  user_num      = each.value
  user_name     = each.key
  user_password = "Secret-1"
}

resource "contactcenter_sms_signature" "s" {
  for_each  = toset(["Acme One", "Acme Two"])
  sign_text = each.value
}

resource "contactcenter_skill_group" "later" {
  que_name     = "Later ${contactcenter_skill_group.sales.id}"
  que_priority = 3
}

resource "contactcenter_skill_group" "later_too" {
  que_name     = "Later ${contactcenter_skill_group.sales.id}"
  que_priority = 4
}
`)
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-no-color", "-refresh=false"}} {
		out := flat(w.Must(0, args...))
		for _, want := range []string{
			"Warning: Skill Group Created Twice",
			`This plan creates a new skill group with que_name = "Sales", and another resource or instance of this configuration, planned before this one, creates one with the same que_name. ` +
				"The que_name is unique on the platform: the apply creates whichever comes first and refuses the other",
			"Warning: Agent Created Twice",
			`This plan creates a new agent with user_num = "8101", and another resource or instance of this configuration`,
		} {
			if !strings.Contains(out, want) {
				t.Errorf("terraform %v lacks %q:\n%s", args, want, out)
			}
		}
		if n := strings.Count(out, "Created Twice"); n != 2 {
			t.Errorf("terraform %v: %d warnings, want 2 (8103, the signatures and the names known only at apply say nothing):\n%s", args, n, out)
		}
	}
}
