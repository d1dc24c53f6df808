package resources

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// The "Membership Kept" warning also explains a move between the two
// membership resources, where the moved block it advised cannot be written
// (Terraform: "The target resource implementation does not include move
// resource state support"), and a replacement of the same address with
// create_before_destroy, which it blamed on a missing moved block.
func TestKeptMessage(t *testing.T) {
	got := keptMessage(108, []int64{1361, 1362})
	for _, want := range []string{"Skill group 108 keeps agent(s) 1361, 1362",
		"moved between contactcenter_skill_group_members and contactcenter_skill_group_member",
		"within one resource type, a moved block", "between the two types no moved block applies",
		"A replacement of the same address with create_before_destroy (-replace, replace_triggered_by) needs nothing more."} {
		if !strings.Contains(got, want) {
			t.Errorf("warning %q lacks %q", got, want)
		}
	}
}

// TestMembershipWriteDone: a membership write that failed is taken as done
// only when the group holds what it wrote: an agent already in the group
// at its old skill level is not a skill change in effect (a survivor of
// mutation testing adopted such a failed update/skill, and the apply ended
// with the old level, seen as drift by the next plan).
func TestMembershipWriteDone(t *testing.T) {
	want := present(client.AgentSkill{AgID: 1027, Skill: 9}, client.AgentSkill{AgID: 1028, Skill: 2})
	for name, tc := range map[string]struct {
		group map[int64]int64
		done  bool
	}{
		"both at their levels": {map[int64]int64{1027: 9, 1028: 2, 1029: 1}, true},
		"one at its old level": {map[int64]int64{1027: 8, 1028: 2}, false},
		"one not in the group": {map[int64]int64{1027: 9}, false},
		"the group is empty":   {map[int64]int64{}, false},
	} {
		if got := want(tc.group); got != tc.done {
			t.Errorf("%s: present = %v, want %v", name, got, tc.done)
		}
	}
	gone := absent(1027, 1028)
	if gone(map[int64]int64{1028: 2}) || !gone(map[int64]int64{1029: 1}) {
		t.Errorf("absent: an agent still in the group is not removed")
	}
}
