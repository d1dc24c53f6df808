package resources

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// TestFollowsReplacedThisWalkOnly: a replacement noted by a plan keeps the
// memberships of that agent or group quiet in that plan (and the apply's
// plan that follows it, which refreshes nothing), not in a later
// command's: under `terraform test` with a provider block one process
// serves every run, and a later run's plan begins by refreshing objects
// the runs before it refreshed (tfkit.Claims.Refreshed).
func TestFollowsReplacedThisWalkOnly(t *testing.T) {
	t.Parallel()
	claims := &tfkit.Claims{}
	claims.Refreshed("contactcenter_agent\x001001")
	noteReplacedID(claims, "agent", "1001")
	if !followsReplaced(claims, []string{"agent_id"}, "101", "1001") {
		t.Fatal("the plan that replaces agent 1001 does not take its membership for following it")
	}
	if followsReplaced(claims, []string{"que_id"}, "101", "1001") || followsReplaced(claims, []string{"agent_id"}, "101", "1002") {
		t.Error("a membership whose group, or whose other agent, is not replaced is taken for following a replacement")
	}
	// The next run's plan refreshes the agent again.
	if !claims.Refreshed("contactcenter_agent\x001001") {
		t.Fatal("a second refresh of the agent is not taken for a later command's plan")
	}
	if followsReplaced(claims, []string{"agent_id"}, "101", "1001") {
		t.Error("a later run's plan takes the membership for following the replacement an earlier run planned")
	}
}
