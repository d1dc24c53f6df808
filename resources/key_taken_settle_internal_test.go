package resources

import (
	"testing"
	"testing/synctest"
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

// TestSettleHoldersFollowsTheMachineLoad: on a busy machine (two cores at
// a load of 30 to 70: make test beside other work) Terraform plans the
// instance that keeps a create's key later than on an idle one, with
// -refresh=false (no refresh says it is coming) after Settle's window had
// passed on the wall clock: the check judged without it and advised an
// import ("Agent Already Exists") of an agent the state holds
// (TestAccKeyTaken_managedHere failed so in 7 runs of 150). Settle's
// window and quiet now follow the machine's load (tfkit.Claims.Load): at 4
// times an idle machine's, a holder planned kept 1.5 s after the check
// began is waited for (managed here); idle, the check judges as soon as
// before, and the same holder comes too late (outside).
func TestSettleHoldersFollowsTheMachineLoad(t *testing.T) {
	t.Parallel()
	late := 3 * tfkit.SettleWindow
	for _, tc := range []struct {
		load    float64
		managed bool
		within  time.Duration
	}{
		{load: 4, managed: true, within: late + tfkit.SettleQuiet*4 + 50*time.Millisecond},
		{load: 1, managed: false, within: tfkit.SettleWindow + 50*time.Millisecond},
	} {
		synctest.Test(t, func(t *testing.T) {
			claims := &tfkit.Claims{Load: func() float64 { return tc.load }}
			held := []takenBy{{id: "1001", name: "Ann"}}
			go func() {
				time.Sleep(late)
				claims.PlanHolder(agentNumber.key("80010"), "1001", true)
			}()
			start := time.Now()
			outside, managed := settleHolders(t.Context(), claims, new(client.Client), agentNumber, "80010", held, nil,
				func(string) bool { return false })
			took := time.Since(start)
			if got := len(managed) == 1 && len(outside) == 0; got != tc.managed || took > tc.within {
				t.Errorf("load %v, holder planned kept after %v: outside %v, managed %v after %v; want managed %v within %v",
					tc.load, late, outside, managed, took, tc.managed, tc.within)
			}
			time.Sleep(late) // the holder's plan, in the bubble
		})
	}
}
