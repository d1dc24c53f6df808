package client_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestSeenAfterWritesInAPlanWalk: a provider process that serves several
// commands (`terraform test` with a provider block, Terraform 1.13 and
// later) keeps one client from an apply to the next run's plan. The key
// check (seen) answered "not known" after any write of the client, so in
// that plan a user_num held by an agent made outside Terraform (or in
// another state) was not warned of: the refresh reads its agents by id and
// never the one holding the number. A plan's walk (a refresh begun in the
// current generation) now reads the collection once; an apply's (writes,
// no refresh since) still reads nothing, not a call per create.
func TestSeenAfterWritesInAPlanWalk(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	c := e.newClient(t) // the process's one client
	str := func(s string) *string { return &s }
	mine, err := c.Agents.Create(ctx, client.AgentInput{UserNum: str("7100"), UserName: str("Mine"), UserPassword: str("Secret123!")})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal([]map[string]any{{"user_num": "7999", "user_name": "Outside"}})
	if err := e.sim.Seed(map[string]json.RawMessage{"agents": b}); err != nil {
		t.Fatal(err)
	}
	lists := func() int { return e.sim.Stats()["POST /open/v3/svcapi/users/list"] }

	// The apply's walk goes on: no refresh since its writes, nothing read.
	before := lists()
	if found, known, err := c.Agents.SeenByNum(ctx, "7999"); err != nil || known {
		t.Errorf("after a write, in an apply's walk: found %d, known %v (%v); want not known", len(found), known, err)
	}
	if n := lists() - before; n != 0 {
		t.Errorf("after a write, in an apply's walk: %d users/list calls, want 0", n)
	}

	// The apply reads its agent back; the outside one it never reads.
	if _, err := c.Agents.Get(ctx, mine.UserID.Int64()); err != nil {
		t.Fatal(err)
	}
	if !c.Agents.ReadInWalk(mine.UserID.Int64()) {
		t.Error("the apply's own read: not read in its walk")
	}

	// The next run's plan: its refresh, then the check of a create. What
	// the apply read is not of this walk (a check took a holder the
	// apply had read for one this plan refreshes, and kept quiet).
	c.Refreshing()
	if c.Agents.ReadInWalk(mine.UserID.Int64()) {
		t.Error("read by the apply before this plan: taken for read in this plan's walk")
	}
	if _, err := c.Agents.Get(ctx, mine.UserID.Int64()); err != nil {
		t.Fatal(err)
	}
	if !c.Agents.ReadInWalk(mine.UserID.Int64()) {
		t.Error("refreshed in this plan: not read in its walk")
	}
	before = lists()
	for i := range 3 {
		found, known, err := c.Agents.SeenByNum(ctx, "7999")
		if err != nil || !known || len(found) != 1 || string(found[0].UserName) != "Outside" {
			t.Fatalf("check %d in a later plan's walk: found %v, known %v (%v); want the outside agent", i, found, known, err)
		}
	}
	if found, known, err := c.Agents.SeenByNum(ctx, "7555"); err != nil || !known || len(found) != 0 {
		t.Errorf("a free number in a later plan's walk: found %v, known %v (%v); want known, none", found, known, err)
	}
	if n := lists() - before; n != 1 {
		t.Errorf("%d users/list calls for 4 checks in one plan's walk, want 1", n)
	}

	// That plan applied: writes again, and the apply's checks read nothing.
	if _, err := c.Agents.Create(ctx, client.AgentInput{UserNum: str("7101"), UserName: str("Two"), UserPassword: str("Secret123!")}); err != nil {
		t.Fatal(err)
	}
	before = lists()
	for i := range 3 {
		if _, known, err := c.Agents.SeenByNum(ctx, fmt.Sprint(7200+i)); err != nil || known {
			t.Errorf("check %d in the apply after it: known %v (%v), want not known", i, known, err)
		}
	}
	if n := lists() - before; n != 0 {
		t.Errorf("the apply's checks: %d users/list calls, want 0", n)
	}
}
