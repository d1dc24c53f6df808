package tfkit

import (
	"slices"
	"testing"
)

// TestPlannedKeepers: the ids whose plan keeps a key, sorted; those that
// give it up are left out, and so are other keys; a nil Claims has none.
func TestPlannedKeepers(t *testing.T) {
	t.Parallel()
	c := &Claims{}
	c.PlanHolder("k", "1002", true)
	c.PlanHolder("k", "1001", true)
	c.PlanHolder("k", "1003", false)
	c.PlanHolder("other", "1004", true)
	if got := c.PlannedKeepers("k"); !slices.Equal(got, []string{"1001", "1002"}) {
		t.Errorf("PlannedKeepers(k) = %v, want [1001 1002]", got)
	}
	if got := c.PlannedKeepers("none"); len(got) != 0 {
		t.Errorf("PlannedKeepers(none) = %v", got)
	}
	var n *Claims
	if got := n.PlannedKeepers("k"); got != nil {
		t.Errorf("nil Claims: %v", got)
	}
}
