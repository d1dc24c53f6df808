package resources

import (
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// TestSettleHoldersWaitsForRefreshedHolder: a holder of the key a create
// plans, refreshed in this walk, is planned (kept) later than Settle's
// window and quiet, as on a loaded machine (make test on two cores: the
// plan of agent a came after the check of agent b gave up, and
// TestAccKeyTaken_managedHere's plan lacked "Agent Already Managed Here"
// in 2 runs of 15). The check waits for that plan and warns of the holder
// as managed here; before, it left the holder out (no warning at all).
func TestSettleHoldersWaitsForRefreshedHolder(t *testing.T) {
	t.Parallel()
	claims := &tfkit.Claims{}
	held := []takenBy{{id: "1001", name: "Ann"}}
	late := tfkit.SettleWindow + tfkit.SettleQuiet + 400*time.Millisecond
	go func() {
		time.Sleep(late)
		claims.PlanHolder(agentNumber.key("80010"), "1001", true)
	}()
	start := time.Now()
	outside, managed := settleHolders(t.Context(), claims, new(client.Client), agentNumber, "80010", held, nil,
		func(id string) bool { return id == "1001" })
	if len(outside) != 0 || len(managed) != 1 || managed[0].id != "1001" {
		t.Errorf("holder refreshed in the walk, planned kept after %v: outside %v, managed %v; want managed [1001] (after %v)", late, outside, managed, time.Since(start))
	}
}
