package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccMembership_listedBesideQueueIDs: a membership resource puts an
// agent in a group that the agent's queue_ids (all of its groups) leaves
// out, the way a user wrote it: queue_ids = [sales] and a membership of
// support listing the agent by its id. The first apply said nothing, the
// next plan showed only the agent leaving support ("Agent Will Leave
// Groups It Joined Outside This Configuration", blaming the portal or
// another configuration), and each apply undid the other's. Now the write
// that comes second warns, and so does every later plan.
func TestAccMembership_listedBesideQueueIDs(t *testing.T) {
	t.Parallel()
	const groups = `
resource "contactcenter_skill_group" "sales" {
  que_name     = "Sales"
  que_priority = 1
  force_delete = true
}
resource "contactcenter_skill_group" "support" {
  que_name     = "Support"
  que_priority = 1
  force_delete = true
}
resource "contactcenter_skill_group" "other" {
  que_name     = "Other"
  que_priority = 1
  force_delete = true
}
output "sales" { value = contactcenter_skill_group.sales.id }
output "support" { value = contactcenter_skill_group.support.id }
`
	agent := func(queueIDs, extra string) string {
		name, extra, _ := strings.Cut(extra, "|")
		if name == "" {
			name = "A"
		}
		return `
resource "contactcenter_agent" "a" {
  user_num      = "8911"
  user_name     = "` + name + `"
  user_password = "s3cret-Pass1"
  queue_ids     = [` + queueIDs + `]` + extra + `
}
output "id" { value = contactcenter_agent.a.id }
`
	}
	for name, tc := range map[string]struct {
		first, second, at, want string
		plan                    bool
		// planned: the plan (saved, then applied) warns first, with
		// this text; the apply of the saved plan warns once more.
		planned string
	}{
		// The membership refers to the agent: it writes second.
		"members": {second: groups + agent("contactcenter_skill_group.sales.id", "") + `
resource "contactcenter_skill_group_members" "m" {
  que_id  = contactcenter_skill_group.support.id
  members = [{ agent_id = contactcenter_agent.a.id, skill = 1 }]
}
`, at: "contactcenter_skill_group_members.m", plan: true,
			want: "This contactcenter_skill_group_members puts agent 8911 (id ID) in skill group SUPPORT, and the agent's contactcenter_agent was written in this apply with a queue_ids that leaves the group out (it lists skill group(s) SALES)."},
		"member": {second: groups + agent("contactcenter_skill_group.sales.id", "") + `
resource "contactcenter_skill_group_member" "m" {
  que_id   = contactcenter_skill_group.support.id
  agent_id = contactcenter_agent.a.id
}
`, at: "contactcenter_skill_group_member.m", plan: true,
			want: "This contactcenter_skill_group_member puts agent 8911 (id ID) in skill group SUPPORT, and the agent's contactcenter_agent was written in this apply with a queue_ids that leaves the group out (it lists skill group(s) SALES). " +
				"queue_ids lists all of an agent's groups: the agent's write takes it out of the group, this resource's puts it back."},
		// The agent writes second: the membership names it by its id
		// (known from a first apply, which wrote the agent's queue_ids:
		// that write is not taken for the second apply's), and the
		// agent, which depends on it, is given another queue_ids. The
		// agent is planned second too: its plan warns.
		"agent second": {first: groups + agent("contactcenter_skill_group.other.id", ""), second: groups +
			agent("contactcenter_skill_group.sales.id", "A2|\n  depends_on = [contactcenter_skill_group_members.m]") + `
resource "contactcenter_skill_group_members" "m" {
  que_id  = contactcenter_skill_group.support.id
  members = [{ agent_id = "ID", skill = 1 }]
}
`, at: "contactcenter_agent.a",
			want:    "Agent 8911 (id ID) was written with a queue_ids that leaves out groups this apply also put it in: skill group SUPPORT (by a contactcenter_skill_group_members).",
			planned: "Agent 8911 (id ID) is planned with a queue_ids (skill group(s) SALES) that leaves out groups this plan also puts it in: skill group SUPPORT (by a contactcenter_skill_group_members). queue_ids lists all of an agent's groups: the agent's write takes it out of them, the membership resource's puts it back."},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			w := env.Workdir(t)
			fill := func(s string) string { return s }
			if tc.first != "" {
				w.WriteBody(tc.first)
				w.Must(0, "apply", "-auto-approve", "-no-color")
				id := w.Must(0, "output", "-raw", "id")
				fill = func(s string) string { return strings.ReplaceAll(s, `"ID"`, `"`+id+`"`) }
			}
			w.WriteBody(fill(tc.second))
			var plan, out string
			if tc.planned != "" {
				plan = strings.Join(strings.Fields(w.Must(0, "plan", "-out", "saved.tfplan", "-no-color")), " ")
				out = strings.Join(strings.Fields(w.Must(0, "apply", "-no-color", "saved.tfplan")), " ")
			} else {
				out = strings.Join(strings.Fields(w.Must(0, "apply", "-auto-approve", "-no-color")), " ")
			}
			id, sales, support := w.Must(0, "output", "-raw", "id"), w.Must(0, "output", "-raw", "sales"), w.Must(0, "output", "-raw", "support")
			fill = strings.NewReplacer("ID", id, "SUPPORT", support, "SALES", sales).Replace
			want := fill(tc.want)
			if planned := fill(tc.planned); tc.planned != "" && (strings.Count(plan, "Warning: Skill Group Managed Twice") != 1 || !strings.Contains(plan, "Warning: Skill Group Managed Twice with "+tc.at) || !strings.Contains(plan, planned)) {
				t.Errorf("the plan lacks one \"Skill Group Managed Twice\" warning at %s saying %q:\n%s", tc.at, planned, plan)
			}
			i := strings.Index(out, "Warning: Skill Group Managed Twice with "+tc.at)
			if i < 0 || strings.Count(out, "Warning: Skill Group Managed Twice") != 1 {
				t.Fatalf("apply lacks one \"Skill Group Managed Twice\" warning at %s:\n%s", tc.at, out)
			}
			for _, want := range []string{want, "Manage each agent's groups in one form only: add the group to the agent's queue_ids, or, to keep the agent out of the group, "} {
				if !strings.Contains(out[i:], want) {
					t.Errorf("the warning lacks %q:\n%s", want, out[i:])
				}
			}
			if !tc.plan {
				return
			}
			// Every later plan (the ids known) warns too: the agent leaves
			// the group, then the membership puts it back.
			for _, step := range [][]string{{"plan"}, {"apply", "-auto-approve"}} {
				out := strings.Join(strings.Fields(w.Must(0, append(step, "-no-color")...)), " ")
				planned := strings.Replace(want, "was written in this apply with", "is planned with", 1)
				if !strings.Contains(out, "Warning: Skill Group Managed Twice with "+tc.at) || !strings.Contains(out, planned) {
					t.Errorf("terraform %s lacks %q:\n%s", step, planned, out)
				}
			}
			// The agent's queue_ids does not change now: its update does not
			// send it, and leaves the agent in the group.
			out = strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
			kept := strings.NewReplacer("was written in this apply with a queue_ids that leaves the group out", "is planned with a queue_ids that leaves the group out and does not change",
				"the agent's write takes it out of the group, this resource's puts it back.", "it does not change, so this apply does not send it and leaves the agent in the group, "+
					"while its state keeps the configured queue_ids: the next plan finds the agent in the group, and its update takes the agent out.").Replace(want)
			if planned := kept; !strings.Contains(out, planned) {
				t.Errorf("the plan after the agent left the group lacks %q:\n%s", planned, out)
			}
		})
	}
}
