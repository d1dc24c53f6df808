package importer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// seedAgents creates agents on the simulator with the given e-mails.
func seedAgents(t *testing.T, c *client.Client, emails map[string]string) {
	t.Helper()
	for num, email := range emails {
		in := client.AgentInput{UserNum: new(num), UserName: new("Agent " + num), UserPassword: new("Passw0rd!x"), UserEmail: new(email)}
		if _, err := c.Agents.Create(context.Background(), in); err != nil {
			t.Fatal(err)
		}
	}
}

// planRows plans a sheet of rows (the first is the heading) and returns
// the plan and its problems as the user reads them. Rule errors of the
// sheet itself fail the test.
func planRows(t *testing.T, api importer.AgentAPI, rows [][]any) (*importer.Plan, []string) {
	t.Helper()
	r, probs, err := importer.ReadRoster(book(t, "Agents", rows))
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	p, probs, err := importer.PlanRoster(context.Background(), api, r, importer.PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return p, lines(probs)
}

// TestApply_uniqueValueChain: an agent takes the address another agent of
// the sheet gives up. The platform checks uniqueness on each edit, so the
// giver's edit must land first; apply orders them, every time (before, the
// two edits went out together and the taker's was refused with 409 as often
// as not).
func TestApply_uniqueValueChain(t *testing.T) {
	t.Parallel()
	// 7001 takes b, 7002 takes c, 7003 gets a new one: a chain.
	rows := [][]any{
		{"user_num", "user_email"},
		{"7001", "b@example.com"},
		{"7002", "c@example.com"},
		{"7003", "d@example.com"},
	}
	for i := range 5 {
		_, c, be := simBackend(t)
		seedAgents(t, c, map[string]string{"7001": "a@example.com", "7002": "b@example.com", "7003": "c@example.com"})
		p, probs := planRows(t, be.Agents, rows)
		if len(probs) > 0 {
			t.Fatal(probs)
		}
		res := importer.Apply(context.Background(), be.Agents, p, importer.ApplyOptions{Concurrency: 4, Retries: -1})
		if n := importer.Failed(res); n != 0 {
			t.Fatalf("run %d: %d failed: %+v", i, n, res)
		}
		if p, _ = planRows(t, be.Agents, rows); p.Writes() != 0 {
			t.Fatalf("run %d: second plan: %s", i, p.Summary())
		}
	}
}

// TestPlan_uniqueValueSwap: two agents trading addresses cannot be applied
// edit by edit (each edit would take an address the other still holds), so
// the plan refuses it, naming both cells, and nothing is written. Before,
// the plan was clean and every apply failed with 409.
func TestPlan_uniqueValueSwap(t *testing.T) {
	t.Parallel()
	_, c, be := simBackend(t)
	seedAgents(t, c, map[string]string{"7001": "a@example.com", "7002": "b@example.com", "7003": "c@example.com"})
	_, probs := planRows(t, be.Agents, [][]any{
		{"user_num", "user_email"},
		{"7001", "B@example.com"},
		{"7002", "a@example.com"},
		{"7003", "c@example.com"},
	})
	const rule = "; user_email must be unique and the platform checks it on every edit, so agents cannot trade values in one apply: " +
		"give one of them a value nobody holds, apply, then set the values you want and apply again"
	want := []string{
		`Agents!B2: user_email "B@example.com" is held by agent 7002, which takes "a@example.com" held by agent 7001` + rule,
		`Agents!B3: user_email "a@example.com" is held by agent 7001, which takes "B@example.com" held by agent 7002` + rule,
	}
	if d := cmp.Diff(want, probs); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// phoneAgents is a fake platform with agents 7001.. holding the phones
// 13800000001.. in order.
func phoneAgents(n int) *importertest.Agents {
	api := importertest.NewAgents()
	for i := 1; i <= n; i++ {
		api.Seed(importer.Values{"user_num": "700" + string(rune('0'+i)), "user_name": "A", "user_sms_phone": "1380000000" + string(rune('0'+i))})
	}
	return api
}

// TestApply_uniqueValueGiverFails: when the agent giving up a value fails
// to change, the agent taking it is not attempted, and says why.
func TestApply_uniqueValueGiverFails(t *testing.T) {
	t.Parallel()
	api := phoneAgents(2)
	api.Reject = map[string]string{"7002": "code 422: refused"}
	p, probs := planRows(t, api, [][]any{
		{"user_num", "user_sms_phone"},
		{"7001", "13800000002"},
		{"7002", "13800000003"},
	})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	res := importer.Apply(context.Background(), api, p, importer.ApplyOptions{Retries: -1})
	if res[1].Outcome != importer.OutcomeFailed || res[0].Outcome != importer.OutcomeFailed ||
		res[0].Message != `not attempted: agent 7002 still holds user_sms_phone "13800000002" (its change failed)` || res[0].Attempts != 0 {
		t.Errorf("results: %+v", res)
	}
	if v, _ := api.Get("7001"); v["user_sms_phone"] != "13800000001" {
		t.Errorf("7001 was written: %v", v)
	}
}

// TestPlan_uniqueValueRing: three agents passing phones round a ring are
// refused like a swap.
func TestPlan_uniqueValueRing(t *testing.T) {
	t.Parallel()
	api := phoneAgents(3)
	_, probs := planRows(t, api, [][]any{
		{"user_num", "user_sms_phone"},
		{"7001", "13800000002"},
		{"7002", "13800000003"},
		{"7003", "13800000001"},
	})
	if len(probs) != 3 || !strings.HasPrefix(probs[0], `Agents!B2: user_sms_phone "13800000002" is held by agent 7002, which takes "13800000003" held by agent 7003;`) {
		t.Errorf("problems: %q", probs)
	}
	if api.Writes != 0 {
		t.Errorf("plan wrote %d times", api.Writes)
	}
}

// TestApply_uniqueValueOfDeletedAgent: with --prune=delete, an agent left
// out of the sheet is deleted, so its address is free for a row of the
// sheet: the plan allows it (it said the deleted agent "keeps it") and
// apply deletes first.
func TestApply_uniqueValueOfDeletedAgent(t *testing.T) {
	t.Parallel()
	_, c, be := simBackend(t)
	seedAgents(t, c, map[string]string{"7001": "a@example.com", "7002": "b@example.com"})
	r, probs, err := importer.ReadRoster(book(t, "Agents", [][]any{
		{"user_num", "user_name", "user_password", "user_email"},
		{"7002", nil, nil, "b@example.com"},
		{"7009", "New", "Passw0rd!x", "a@example.com"},
	}))
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	ctx := context.Background()
	if _, probs, _ = importer.PlanRoster(ctx, be.Agents, r, importer.PlanOptions{Prune: importer.PruneResign}); len(probs) != 1 ||
		!strings.Contains(probs[0].String(), `already belongs to agent 7001, which keeps it`) {
		t.Errorf("resigned agents keep their address: %q", lines(probs))
	}
	p, probs, err := importer.PlanRoster(ctx, be.Agents, r, importer.PlanOptions{Prune: importer.PruneDelete})
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	res := importer.Apply(ctx, be.Agents, p, importer.ApplyOptions{Retries: -1})
	if n := importer.Failed(res); n != 0 {
		t.Fatalf("%d failed: %+v", n, res)
	}
	if p, _, _ = importer.PlanRoster(ctx, be.Agents, r, importer.PlanOptions{Prune: importer.PruneDelete}); p.Writes() != 0 {
		t.Errorf("second plan: %s", p.Summary())
	}
}
