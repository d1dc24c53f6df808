package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A membership whose agent or skill group is replaced in the same plan
// (-replace, a new user_num) follows it: its id is known only at apply
// and that is the replacement the user asked for. Each membership resource
// warned "Membership Replaced for a Value Known Only at Apply" ("… this is
// expected") all the same, once per membership of the agent. An id that
// comes from another object still warns (TestAccMembership_unknownReplaceWarns).
func TestAccMembership_followsReplacedQuietly(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(num string) string {
		return fmt.Sprintf(`
resource "contactcenter_skill_group" "one" {
  que_name     = "One"
  que_priority = 1
}
resource "contactcenter_skill_group" "all" {
  que_name     = "All"
  que_priority = 2
}
resource "contactcenter_agent" "ann" {
  user_num                 = %q
  user_name                = "Ann"
  user_password_wo         = "Secret-123x"
  user_password_wo_version = 1
}
resource "contactcenter_skill_group_member" "m" {
  que_id   = contactcenter_skill_group.one.id
  agent_id = contactcenter_agent.ann.id
}
resource "contactcenter_skill_group_members" "all" {
  que_id  = contactcenter_skill_group.all.id
  members = [{ agent_id = contactcenter_agent.ann.id, skill = 2 }]
}
`, num)
	}
	w.WriteBody(cfg("8801"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	for _, c := range []struct {
		name, num string
		args      []string
		replaced  string
	}{
		{"-replace of the agent", "8801", []string{"-replace=contactcenter_agent.ann"}, "contactcenter_skill_group_member.m must be replaced"},
		{"a new user_num", "8802", nil, "contactcenter_skill_group_member.m must be replaced"},
		{"-replace of the group", "8801", []string{"-replace=contactcenter_skill_group.one"}, "contactcenter_skill_group_member.m must be replaced"},
		{"-replace of the other group", "8801", []string{"-replace=contactcenter_skill_group.all"}, "contactcenter_skill_group_members.all must be replaced"},
	} {
		w.WriteBody(cfg(c.num))
		out := w.Must(0, append([]string{"plan", "-no-color"}, c.args...)...)
		if !strings.Contains(out, c.replaced) {
			t.Fatalf("%s: the plan does not replace the membership (%q):\n%s", c.name, c.replaced, out)
		}
		if strings.Contains(out, "Known Only at Apply") {
			t.Errorf("%s: a membership that follows its replaced agent or group warns:\n%s", c.name, out)
		}
	}
	// And the apply of one (its own plans) says nothing either.
	if out := w.Must(0, "apply", "-auto-approve", "-no-color", "-replace=contactcenter_agent.ann"); strings.Contains(out, "Known Only at Apply") {
		t.Errorf("apply of -replace of the agent warns:\n%s", out)
	}
	if out := w.Must(0, "plan", "-no-color"); !strings.Contains(out, "No changes") {
		t.Errorf("plan after the replacement is not empty:\n%s", out)
	}
}
