package tfkit

import (
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// TestClaims: a key is written by one holder at a time, overlapping sets
// locked in any order do not wait on each other for ever, a claim is seen
// by later holders, and a nil *Claims coordinates nothing.
func TestClaims(t *testing.T) {
	t.Parallel()
	var c Claims
	unlock := c.Lock("g1:a")
	got := make(chan bool)
	go func() {
		defer c.Lock("g1:b", "g1:a")()
		got <- c.Claimed("g1:a")
	}()
	select {
	case <-got:
		t.Fatal("a second holder of g1:a ran while the first held it")
	case <-time.After(50 * time.Millisecond):
	}
	c.Claim("g1:a")
	unlock()
	if !<-got {
		t.Error("the claim made under the first lock is not seen by the next holder")
	}
	var wg sync.WaitGroup
	for i := range 50 {
		keys := []string{"x", "y", "z"}
		if i%2 == 1 {
			keys = []string{"z", "y", "x"}
		}
		wg.Go(func() { c.Lock(keys...)() })
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("holders of overlapping keys locked in opposite orders wait on each other")
	}
	var none *Claims
	none.Lock("k")()
	none.Claim("k")
	if none.Claimed("k") {
		t.Error("a nil *Claims claims")
	}
}

// TestClaimsPlanned: a key one instance's plan removes and another's adds
// is told to the second of the two, whichever way round; Done forgets it,
// so a later plan served by the same process does not inherit it.
func TestClaimsPlanned(t *testing.T) {
	t.Parallel()
	var c Claims
	if both := c.Planned(true, "k1", "k2"); len(both) != 0 {
		t.Errorf("first removal: %v", both)
	}
	if both := c.Planned(false, "k2", "k3"); !slices.Equal(both, []string{"k2"}) {
		t.Errorf("addition after the removal: %v, want [k2]", both)
	}
	if both := c.Planned(false, "k4"); len(both) != 0 {
		t.Errorf("addition alone: %v", both)
	}
	if both := c.Planned(true, "k4"); !slices.Equal(both, []string{"k4"}) {
		t.Errorf("removal after the addition: %v, want [k4]", both)
	}
	c.Done("k1", "k2", "k3", "k4")
	if both := c.Planned(false, "k1", "k2"); len(both) != 0 {
		t.Errorf("after Done: %v", both)
	}
	var none *Claims
	if both := none.Planned(true, "k"); both != nil {
		t.Errorf("nil Claims: %v", both)
	}
	none.Done("k")
}

// TestClaimsPlanHolder: what a plan does with an object's key (keeps it,
// gives it up) is told by the object's id, the last record winning; Done
// forgets the key; a nil Claims records nothing.
func TestClaimsPlanHolder(t *testing.T) {
	t.Parallel()
	var c Claims
	if keeps, planned := c.PlannedHolder("k", "1"); keeps || planned {
		t.Errorf("nothing planned: keeps %v, planned %v", keeps, planned)
	}
	c.PlanHolder("k", "1", true)
	c.PlanHolder("k", "2", false)
	if keeps, planned := c.PlannedHolder("k", "1"); !keeps || !planned {
		t.Errorf("kept: keeps %v, planned %v", keeps, planned)
	}
	if keeps, planned := c.PlannedHolder("k", "2"); keeps || !planned {
		t.Errorf("given up: keeps %v, planned %v", keeps, planned)
	}
	c.PlanHolder("k", "1", false)
	if keeps, _ := c.PlannedHolder("k", "1"); keeps {
		t.Error("kept, then given up: still kept")
	}
	c.Done("k")
	if _, planned := c.PlannedHolder("k", "2"); planned {
		t.Error("after Done: still planned")
	}
	var none *Claims
	none.PlanHolder("k", "1", true)
	if keeps, planned := none.PlannedHolder("k", "1"); keeps || planned {
		t.Errorf("nil Claims: keeps %v, planned %v", keeps, planned)
	}
}

// TestClaimsSettle: a wait ends as soon as done holds (a removal planned
// meanwhile); one that nothing settles ends with the window its first
// call opened, and a later call, past the window, with no progress since,
// does not wait at all; progress (a refresh begun) keeps it waiting past
// the window until the walk is quiet for SettleQuiet.
//
// In a synctest bubble: the waits and the walk's progress are on the
// bubble's clock. On the wall clock a loaded machine stretched them past
// the bounds (1 run in 4 at a high load).
func TestClaimsSettle(t *testing.T) {
	t.Parallel()
	synctest.Test(t, claimsSettle)
}

func claimsSettle(t *testing.T) {
	c := &Claims{}
	go func() {
		time.Sleep(20 * time.Millisecond)
		c.Planned(true, "k")
	}()
	start := time.Now()
	if !c.Settle(t.Context(), nil, func() bool { return c.PlannedAs(true, "k") }) {
		t.Fatal("Settle did not see the removal planned meanwhile")
	}
	if d := time.Since(start); d > SettleWindow/2 {
		t.Errorf("Settle waited %v after done held", d)
	}
	if c.Settle(t.Context(), nil, func() bool { return false }) {
		t.Error("Settle reported done")
	}
	if d := time.Since(start); d < SettleWindow-10*time.Millisecond || d > SettleWindow+SettleQuiet+200*time.Millisecond {
		t.Errorf("an unsettled wait ended after %v, want the window (%v)", d, SettleWindow)
	}
	start = time.Now()
	c.Settle(t.Context(), nil, func() bool { return false })
	if d := time.Since(start); d > SettleQuiet/2 {
		t.Errorf("a wait past the window, without progress, took %v", d)
	}
	var n atomic.Uint64
	stop := time.Now().Add(3 * SettleQuiet)
	go func() {
		for time.Now().Before(stop) {
			n.Add(1)
			time.Sleep(10 * time.Millisecond)
		}
	}()
	time.Sleep(30 * time.Millisecond)
	start = time.Now()
	c.Settle(t.Context(), n.Load, func() bool { return false })
	if d := time.Since(start); d < 3*SettleQuiet || d > 5*SettleQuiet {
		t.Errorf("a wait while the walk progressed for %v ended after %v, want about %v", 3*SettleQuiet, d, 4*SettleQuiet)
	}
}

// TestClaimsSettle_statePlans: with -refresh=false nothing is refreshed,
// and the walk's progress is its plans of the instances in the state
// (PlannedInState): a check that found a holder waits past SettleWindow
// while they go on, and sees the old address's destroy planned after
// them. It ended with the window, and a for_each of 300 agents with one
// key renamed warned "Agent Already Exists" of the agent the plan
// destroys in 2 plans of 6.
//
// In a synctest bubble, as TestClaimsSettle.
func TestClaimsSettle_statePlans(t *testing.T) {
	t.Parallel()
	synctest.Test(t, claimsSettleStatePlans)
}

func claimsSettleStatePlans(t *testing.T) {
	c := &Claims{}
	go func() {
		end := time.Now().Add(SettleWindow + 2*SettleQuiet)
		for time.Now().Before(end) {
			c.PlannedInState() // a no-op plan of an instance in the state
			time.Sleep(10 * time.Millisecond)
		}
		c.Planned(true, "k") // the old address's destroy, planned last
	}()
	start := time.Now()
	if !c.Settle(t.Context(), nil, func() bool { return c.PlannedAs(true, "k") }) {
		t.Fatalf("Settle gave up after %v while the walk planned the state's instances, before the removal planned after them", time.Since(start))
	}
}

// TestClaimsSettle_laterWalk: a provider process that serves several
// commands (`terraform test` with a provider block) keeps one Claims, and
// SettleWindow, opened by the first command's check, had passed in the
// later ones: a later plan's check judged at once, before the old address
// of a renamed key (planned a moment later) gave its value up, and warned
// "... Already Exists" of it. A later walk (Walk) opens the window again;
// the same walk does not.
//
// In a synctest bubble, as TestClaimsSettle.
func TestClaimsSettle_laterWalk(t *testing.T) {
	t.Parallel()
	synctest.Test(t, claimsSettleLaterWalk)
}

func claimsSettleLaterWalk(t *testing.T) {
	c := &Claims{}
	c.Walk(0)
	c.Settle(t.Context(), nil, func() bool { return false }) // the first command's window
	start := time.Now()
	c.Walk(0)
	c.Settle(t.Context(), nil, func() bool { return false })
	if d := time.Since(start); d > SettleQuiet/2 {
		t.Errorf("the same walk, past its window: a wait took %v", d)
	}
	c.Walk(7) // a later command's plan
	go func() {
		time.Sleep(SettleWindow / 4)
		c.Planned(true, "k") // the old address's destroy, planned after the check
	}()
	start = time.Now()
	if !c.Settle(t.Context(), nil, func() bool { return c.PlannedAs(true, "k") }) {
		t.Fatalf("a later walk's check gave up after %v, before the removal planned %v into it", time.Since(start), SettleWindow/4)
	}
	c.Walk(3) // a stale caller: no new walk
	start = time.Now()
	c.Settle(t.Context(), nil, func() bool { return false })
	if d := time.Since(start); d > SettleWindow {
		t.Errorf("an older walk's number opened the window again: a wait took %v", d)
	}
}

// TestClaimsSettle_slowWalk: on a loaded machine (two cores, a load of
// 40) a plan with -refresh=false planned the instances of the state more
// than SettleQuiet apart, and a check judged before the instance that
// keeps its key was planned (TestAccKeyTaken_managedHere: "Agent Already
// Exists" where "Agent Already Managed Here" was meant, in 1 run of 30).
// The quiet follows the walk's pace: here 200 ms between plans, the
// holder's plan 400 ms after the last of them.
//
// In a synctest bubble, as TestClaimsSettle.
func TestClaimsSettle_slowWalk(t *testing.T) {
	t.Parallel()
	synctest.Test(t, claimsSettleSlowWalk)
}

func claimsSettleSlowWalk(t *testing.T) {
	c := &Claims{}
	go func() {
		for range 5 {
			time.Sleep(200 * time.Millisecond)
			c.PlannedInState()
		}
		time.Sleep(400 * time.Millisecond)
		c.Planned(true, "k") // the holder's plan
	}()
	start := time.Now()
	if !c.Settle(t.Context(), nil, func() bool { return c.PlannedAs(true, "k") }) {
		t.Fatalf("Settle gave up after %v in a walk planning an instance every 200ms, before the holder planned 400ms after the last", time.Since(start))
	}
}

// TestClaimsPlanRename: the value an update gives an object's key is told
// by the key and the object's id; an empty value (a later plan that keeps
// the key, or destroys the object) and Done forget it; a nil Claims
// records nothing.
func TestClaimsPlanRename(t *testing.T) {
	t.Parallel()
	var c Claims
	if _, ok := c.PlannedRename("k", "1"); ok {
		t.Error("nothing planned: renamed")
	}
	c.PlanRename("k", "1", "b")
	if to, ok := c.PlannedRename("k", "1"); !ok || to != "b" {
		t.Errorf("renamed: %q, %v", to, ok)
	}
	if _, ok := c.PlannedRename("k", "2"); ok {
		t.Error("another object: renamed")
	}
	c.PlanRename("k", "1", "")
	if _, ok := c.PlannedRename("k", "1"); ok {
		t.Error("planned again without the rename: still renamed")
	}
	c.PlanRename("k", "1", "c")
	c.Done("k")
	if _, ok := c.PlannedRename("k", "1"); ok {
		t.Error("after Done: still renamed")
	}
	var none *Claims
	none.PlanRename("k", "1", "b")
	if _, ok := none.PlannedRename("k", "1"); ok {
		t.Error("nil Claims: renamed")
	}
}
