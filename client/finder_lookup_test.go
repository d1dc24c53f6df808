package client_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// seedAgents puts n agents (ids 20000+i, numbers 8xxxx) in the simulator.
func (e *finderEnv) seedAgents(t *testing.T, n int) {
	t.Helper()
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"user_id":%d,"user_num":"8%04d","user_name":"A%d"}`, 20000+i, i, i)
	}
	b.WriteString("]")
	if err := e.sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(b.String())}); err != nil {
		t.Fatal(err)
	}
}

// TestFinderImportsByNumberShareReads: an exported folder imports each
// agent by its number (user_num:<n>), which another contact center does not
// give to another agent, and each import is followed by the agent's read.
// Read one number a call, as GetByNum did, the first plan of a center of
// 5,000 agents made 5,000 users/list calls (where imports by id, batched,
// cost 26): the lookups now share the collection's reads. Numbers that no
// agent has (and one deleted out of band) are not found.
//
// Each case runs in a synctest bubble, on the simulator in process: the
// bound holds for imports within finderTTL (2 minutes), after which the
// answers read expire and are read again, as they should. On the wall
// clock a starved run took 259 s, past that, and read the collection again
// ("46 users/list calls, want at most 25", 1 run in 5 with 6 busy loops);
// a client clock 60 times the wall clock's pace gives the same 46. On the
// bubble's clock the imports take the time their calls wait, not the time
// a loaded machine takes to run them.
func TestFinderImportsByNumberShareReads(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n, max int
	}{
		{2000, 6},  // 4 pages: prefetched once; the 2 numbers missing from it asked one by one
		{5000, 25}, // 10 pages: by number until that costs the pages (10), then whole (10)
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) { importsByNumberShareReads(t, tc.n, tc.max) })
		})
	}
}

// importsByNumberShareReads imports n agents by number, 10 at a time, and
// wants at most max users/list calls; in a bubble.
func importsByNumberShareReads(t *testing.T, n, max int) {
	e := newBubbleFinderEnv(t)
	e.seedAgents(t, n)
	if err := e.c0.Agents.Delete(t.Context(), 20007); err != nil {
		t.Fatal(err)
	}
	c := e.client(t, nil)
	before := e.sim.Stats()
	nums := make(chan int)
	errs := make(chan error, n+2)
	var wg sync.WaitGroup
	for range 10 { // Terraform's parallelism
		wg.Go(func() {
			for i := range nums {
				num := fmt.Sprintf("8%04d", i)
				a, err := c.Agents.GetByNum(t.Context(), num)
				switch {
				case i == 7 || i >= n:
					if !client.IsNotFound(err) {
						errs <- fmt.Errorf("user_num %s: %v, %w; want not found", num, a, err)
					}
					continue
				case err != nil:
					errs <- fmt.Errorf("user_num %s: %w", num, err)
					continue
				case string(a.UserNum) != num || a.UserID.Int64() != int64(20000+i):
					errs <- fmt.Errorf("user_num %s: got agent %d (%s)", num, a.UserID.Int64(), a.UserNum)
					continue
				}
				if got, err := c.Agents.Get(t.Context(), a.UserID.Int64()); err != nil || string(got.UserNum) != num {
					errs <- fmt.Errorf("read of %d after its import: %v, %w", a.UserID.Int64(), got, err)
				}
			}
		})
	}
	for i := range n + 1 {
		nums <- i
	}
	close(nums)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got := e.calls(before)
	t.Logf("%d imports by number, each followed by its read: %d users/list calls", n, got[usersList])
	if got[usersList] > max {
		t.Errorf("%d imports by number: %d users/list calls, want at most %d", n, got[usersList], max)
	}
}

// TestFinderLookupAfterWriteCallsAgain: a lookup is never served by a read
// made before a write of the same client, nor by an earlier one when its
// context asks for FreshReads: an agent made meanwhile is found.
func TestFinderLookupAfterWriteCallsAgain(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	e.seedAgents(t, 3)
	c := e.client(t, nil)
	ctx := t.Context()
	if _, err := c.Agents.GetByNum(ctx, "80001"); err != nil {
		t.Fatal(err)
	}
	// Out of band: the prefetch above does not hold it, and a lookup in a
	// FreshReads context (a data source in an apply) must see it.
	if _, err := e.c0.Agents.Create(ctx, client.AgentInput{UserNum: ptr("80100"), UserName: ptr("B"), UserPassword: ptr("pw-123456")}); err != nil {
		t.Fatal(err)
	}
	if a, err := c.Agents.GetByNum(client.FreshReads(ctx), "80100"); err != nil || string(a.UserNum) != "80100" {
		t.Errorf("fresh lookup of an agent made out of band: %v, %v", a, err)
	}
	// Through the client: the write ends what was read before it.
	if _, err := c.Agents.Create(ctx, client.AgentInput{UserNum: ptr("80101"), UserName: ptr("C"), UserPassword: ptr("pw-123456")}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.c0.Agents.Create(ctx, client.AgentInput{UserNum: ptr("80102"), UserName: ptr("D"), UserPassword: ptr("pw-123456")}); err != nil {
		t.Fatal(err)
	}
	if a, err := c.Agents.GetByNum(ctx, "80102"); err != nil || string(a.UserNum) != "80102" {
		t.Errorf("lookup after a write, of an agent made out of band: %v, %v", a, err)
	}
}

// TestFinderImportsByGroupNameShareReads: skill groups imported by name
// (que_name:<name>) share one read of the group list; a name no group has
// (or a name that differs in letter case) is not found.
func TestFinderImportsByGroupNameShareReads(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	const n = 300
	want := map[string]string{}
	for i := range n {
		id, err := e.c0.Queues.Create(t.Context(), client.SkillGroupInput{QueName: fmt.Sprintf("Team %d", i), QuePriority: 1})
		if err != nil {
			t.Fatal(err)
		}
		want[fmt.Sprintf("Team %d", i)] = id
	}
	c := e.client(t, nil)
	before := e.sim.Stats()
	names := make(chan string)
	errs := make(chan error, n+2)
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			for name := range names {
				g, err := c.Queues.FindByName(t.Context(), name)
				switch {
				case err != nil:
					errs <- fmt.Errorf("%q: %w", name, err)
				case want[name] == "" && g != nil:
					errs <- fmt.Errorf("%q: found group %s (%s), want none", name, g.ID, g.QueName)
				case want[name] != "" && (g == nil || string(g.ID) != want[name]):
					errs <- fmt.Errorf("%q: got %+v, want group %s", name, g, want[name])
				}
			}
		})
	}
	for name := range want {
		names <- name
	}
	names <- "team 1"
	names <- "Team 1000"
	close(names)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if got := e.calls(before); got[queueList] != 1 {
		t.Errorf("%d imports by name: %d queue/list calls, want 1", n, got[queueList])
	}
}

// TestFinderLookupAgainCallsAgain: as with a read by id, what a collection
// read answered serves one lookup of a number: the same lookup again (an
// observer's poll, a test's check after an apply) sees what changed out of
// band meanwhile, an agent renamed, and one made since a lookup missed it.
func TestFinderLookupAgainCallsAgain(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	e.seedAgents(t, 3)
	c := e.client(t, nil)
	ctx := t.Context()
	if a, err := c.Agents.GetByNum(ctx, "80001"); err != nil || string(a.UserName) != "A1" {
		t.Fatalf("first lookup: %v, %v", a, err)
	}
	if _, err := c.Agents.GetByNum(ctx, "80200"); !client.IsNotFound(err) {
		t.Fatalf("lookup of a number no agent has: %v", err)
	}
	if _, err := e.c0.Agents.Update(ctx, 20001, client.AgentInput{UserName: ptr("Renamed")}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.c0.Agents.Create(ctx, client.AgentInput{UserNum: ptr("80200"), UserName: ptr("New"), UserPassword: ptr("pw-123456")}); err != nil {
		t.Fatal(err)
	}
	if a, err := c.Agents.GetByNum(ctx, "80001"); err != nil || string(a.UserName) != "Renamed" {
		t.Errorf("second lookup of an agent renamed out of band: %v, %v; want user_name Renamed", a, err)
	}
	if a, err := c.Agents.GetByNum(ctx, "80200"); err != nil || string(a.UserName) != "New" {
		t.Errorf("second lookup of an agent made out of band: %v, %v", a, err)
	}
}

// TestFinderLookupByNameForEachReader: a skill group's import by name and
// then its membership's (que_name:<name> both, as the export writes them;
// Terraform imports the membership after the group it refers to) share
// one read of the group list; the membership's lookup, taken for the same
// lookup again, called queue/list for each membership of an exported
// center's first plan. The same reader's lookup again still calls.
func TestFinderLookupByNameForEachReader(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	ids := map[string]string{}
	for _, name := range []string{"Sales", "Support", "Billing"} {
		id, err := e.c0.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 1})
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = id
	}
	c := e.client(t, nil)
	before := e.sim.Stats()
	for _, reader := range []string{"Skill Group", "Skill Group Members"} {
		for name, id := range ids {
			g, err := c.Queues.FindByNameFor(t.Context(), name, reader)
			if err != nil || g == nil || string(g.ID) != id {
				t.Fatalf("%s %q: %+v, %v; want group %s", reader, name, g, err, id)
			}
		}
	}
	if got := e.calls(before); got[queueList] != 1 {
		t.Errorf("3 groups and their memberships imported by name: %d queue/list calls, want 1", got[queueList])
	}
	if _, err := c.Queues.FindByNameFor(t.Context(), "Sales", "Skill Group"); err != nil {
		t.Fatal(err)
	}
	if got := e.calls(before); got[queueList] != 2 {
		t.Errorf("the same reader's lookup again: %d queue/list calls in all, want 2 (it calls again)", got[queueList])
	}
}
