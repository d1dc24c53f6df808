package resources

import (
	"strings"
	"testing"
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
