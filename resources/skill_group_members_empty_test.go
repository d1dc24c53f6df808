package resources_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestSkillGroupMembers_listSkipsEmptyGroups: the list resource listed
// every group, those without agents too ("Team 034 (0 agents)"), and
// `terraform query -generate-config-out` wrote for each a block holding its
// membership empty, where `ccsync export terraform` writes none: adopted,
// the next apply took out of the group any agent the portal added later.
// Empty groups are left out unless include_empty = true; a group with
// agents is listed either way, and the filters still apply.
func TestSkillGroupMembers_listSkipsEmptyGroups(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	// One empty group before the groups with agents, one after: the first
	// would take a place within the limit if it were counted.
	c := env.Client(t)
	var empty []string
	group := func(name string) {
		t.Helper()
		id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 1})
		if err != nil {
			t.Fatal(err)
		}
		empty = append(empty, id)
	}
	group("Empty A")
	ids := seedGroups(t, env, 2, 2) // Team 0 and Team 1, two agents each
	group("Empty B")
	// names are the results' display names; a warning (the limit's) is
	// kept apart, an error fails the test.
	var warned string
	names := func(filter map[string]any, limit int64) []string {
		t.Helper()
		var out []string
		warned = ""
		for _, r := range env.List(t, "contactcenter_skill_group_members", filter, false, limit) {
			for _, d := range r.Diagnostics {
				if d.Severity != tfprotov6.DiagnosticSeverityWarning {
					t.Fatalf("%v: %s", filter, diagsText(r.Diagnostics))
				}
				warned += d.Summary
			}
			if r.DisplayName != "" {
				out = append(out, r.DisplayName)
			}
		}
		return out
	}
	check := func(what string, got []string, want ...string) {
		t.Helper()
		if len(got) != len(want) {
			t.Errorf("%s: listed %q, want %q", what, got, want)
			return
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: listed %q, want %q", what, got, want)
				return
			}
		}
	}
	check("no filter", names(map[string]any{}, 100), "Team 0 (2 agents)", "Team 1 (2 agents)")
	check("include_empty = false", names(map[string]any{"include_empty": false}, 100), "Team 0 (2 agents)", "Team 1 (2 agents)")
	check("include_empty = true", names(map[string]any{"include_empty": true}, 100),
		"Empty A (0 agents)", "Team 0 (2 agents)", "Team 1 (2 agents)", "Empty B (0 agents)")
	// The limit counts the results listed, not the groups read.
	// Two groups with agents: a limit of 2 lists them all, without the
	// warning that more match.
	check("limit 2", names(map[string]any{}, 2), "Team 0 (2 agents)", "Team 1 (2 agents)")
	if warned != "" {
		t.Errorf("limit 2: warned %q, but only 2 groups match", warned)
	}
	check("limit 2, include_empty", names(map[string]any{"include_empty": true}, 2), "Empty A (0 agents)", "Team 0 (2 agents)")
	if warned != "Listing Stopped at the Limit" {
		t.Errorf("limit 2, include_empty: warned %q, want the limit's warning (4 groups match)", warned)
	}
	check("an empty group by que_id", names(map[string]any{"que_id": empty[0]}, 100))
	check("an empty group by que_id, include_empty", names(map[string]any{"que_id": empty[0], "include_empty": true}, 100), "Empty A (0 agents)")
	check("a group with agents by que_id", names(map[string]any{"que_id": ids[1]}, 100), "Team 1 (2 agents)")
	check("a group with agents by que_id, include_empty", names(map[string]any{"que_id": ids[1], "include_empty": true}, 100), "Team 1 (2 agents)")
	check("keyword Empty", names(map[string]any{"keyword": "Empty"}, 100))
	check("keyword Empty, include_empty", names(map[string]any{"keyword": "Empty", "include_empty": true}, 100), "Empty A (0 agents)", "Empty B (0 agents)")

	// contactcenter_skill_group_member (one result per agent) has nothing
	// to list for an empty group either way.
	if got := env.List(t, "contactcenter_skill_group_member", map[string]any{}, false, 100); len(got) != 4 {
		t.Errorf("skill_group_member: %d results, want the 4 agents", len(got))
	}
}
