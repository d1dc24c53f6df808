package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccAgentCreatedTwiceApply: two instances given one user_num, which
// the plan cannot always tell apart (one's queue_ids a group the apply
// makes): the apply creates one and is refused the other, whose error
// says the agent holding the number was created earlier in this apply by
// the configuration; it said "The provider cannot tell why" and listed
// causes outside the apply (import it, another team's state, ...).
func TestAccAgentCreatedTwiceApply(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(`
resource "contactcenter_skill_group" "g" {
  que_name     = "Dup"
  que_priority = 1
}

resource "contactcenter_agent" "a" {
  for_each      = { ann = "Ann", ann2 = "Ann again" }
  user_num      = "8701"
  user_name     = each.value
  user_password = "Secret-1x"
  queue_ids     = [contactcenter_skill_group.g.id]
}
`)
	out := strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{
		"Error: Unable to Create Agent",
		`was created with user_num = "8701" earlier in this apply, by another resource or instance of this configuration`,
		"Give one of the two another user_num",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("apply lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "cannot tell why") {
		t.Errorf("apply says the provider cannot tell why:\n%s", out)
	}
}
