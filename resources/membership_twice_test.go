package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccMembership_queueIDsBesideMembers: one configuration manages a new
// group's membership both through an agent's queue_ids and through a
// contactcenter_skill_group_members that does not list that agent (both
// refer to the group, whose id is known only at apply, so the plan cannot
// tell). The first apply said only "Skill Group Had Unlisted Agents" (the
// agent's write came first: "If they are managed ... by an agent's
// queue_ids") or "Created, but Read Back With Other Values" (someone in the
// portal, or a value the platform does not take), and the next plans blamed
// the portal or another configuration while the two undid each other at
// every apply. Now whichever of the two writes second names both, in either
// order (depends_on fixes it here).
func TestAccMembership_queueIDsBesideMembers(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ agentAfter, membersAfter, at, want, title, nextAt, next string }{
		// The membership's write takes the agent out: the next plan puts
		// it back ("+ 101" in queue_ids, which said nothing more).
		"agent first": {"", "\n  depends_on = [contactcenter_agent.x]", "contactcenter_skill_group_members.m",
			"has agent(s) that members does not list, put there in this apply by a contactcenter_agent whose queue_ids lists the group: ag_id ",
			"Agent Put Back in Skill Groups", "contactcenter_agent.x", ") is no longer in skill group(s) 101, which this configuration's last apply put it in through queue_ids: someone took it out since (the portal, a ccsync roster), " +
				"or a contactcenter_skill_group_members that does not list the agent did (of another configuration, or of this one). This update puts it back."},
		// The agent stays in the group: the next plan takes it out, and
		// said it joined in the portal or through another configuration.
		"members first": {"\n  depends_on = [contactcenter_skill_group_members.m]", "", "contactcenter_agent.x",
			"Agent 8902 (id ",
			"Agents Added Outside This Configuration Will Leave the Skill Group", "contactcenter_skill_group_members.m",
			"or through this configuration's own contactcenter_agent whose queue_ids lists the group (the two forms undo each other at every apply: manage a group in one form only)."},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			w := env.Workdir(t)
			w.WriteBody(`
resource "contactcenter_skill_group" "g" {
  que_name     = "Twice"
  que_priority = 10
  force_delete = true
}
resource "contactcenter_agent" "x" {
  user_num      = "8902"
  user_name     = "X"
  user_password = "s3cret-Pass1"
  queue_ids     = [contactcenter_skill_group.g.id]` + tc.agentAfter + `
}
resource "contactcenter_agent" "y" {
  user_num      = "8903"
  user_name     = "Y"
  user_password = "s3cret-Pass1"
}
resource "contactcenter_skill_group_members" "m" {
  que_id  = contactcenter_skill_group.g.id
  members = [{ agent_id = contactcenter_agent.y.id, skill = 2 }]` + tc.membersAfter + `
}
`)
			out := strings.Join(strings.Fields(w.Must(0, "apply", "-auto-approve", "-no-color")), " ")
			i := strings.Index(out, "Warning: Skill Group Managed Twice with "+tc.at)
			if i < 0 || strings.Count(out, "Warning: Skill Group Managed Twice") != 1 {
				t.Fatalf("apply lacks one \"Skill Group Managed Twice\" warning at %s:\n%s", tc.at, out)
			}
			for _, want := range []string{tc.want, "Manage each group in one form only: list the agent in that contactcenter_skill_group_members' members and take the group out of the agent's queue_ids"} {
				if !strings.Contains(out[i:], want) {
					t.Errorf("the warning lacks %q:\n%s", want, out[i:])
				}
			}
			if out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " "); !strings.Contains(out, tc.next) || !strings.Contains(out, "Warning: "+tc.title+" with "+tc.nextAt) {
				t.Errorf("the next plan lacks %q:\n%s", tc.next, out)
			}
		})
	}
}
