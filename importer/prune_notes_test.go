package importer_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// An agent --prune would resign or delete is planned with what an
// operator decommissioning part of a center should know: that it is
// signed in now, and the skill groups it is in (a configuration may
// manage them). The plan named the number alone.
func TestPlan_prunedAgentSignedInAndInGroups(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_id": 5101, "user_num": "8101", "user_name": "Busy", "check_in": true}, {"user_id": 5102, "user_num": "8102", "user_name": "Idle"}]`)}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sales, err := c.Queues.Create(ctx, client.SkillGroupInput{QueName: "Sales", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	salesID, _ := strconv.ParseInt(sales, 10, 64)
	if err := c.Queues.Assign(ctx, salesID, []client.AgentSkill{{AgID: 5101, Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	be, err := importer.BackendFor(c)
	if err != nil {
		t.Fatal(err)
	}
	r, probs, err := importer.ReadRoster(book(t, "Agents", [][]any{newHireHeader, {"7013", "Agent 7013", "Other-Pw1", nil, nil, "1"}}))
	if err != nil || len(probs) > 0 {
		t.Fatal(err, lines(probs))
	}
	for _, prune := range []string{importer.PruneDelete, importer.PruneResign} {
		p, probs, err := importer.PlanRoster(ctx, be.Agents, r, importer.PlanOptions{Prune: prune})
		if err != nil || len(probs) > 0 {
			t.Fatal(err, lines(probs))
		}
		notes := map[string][]string{}
		for _, st := range p.Steps {
			notes[st.UserNum] = st.Notes
		}
		if want := []string{"signed in now (check_in): it may be taking calls", "in skill groups " + sales + " (Sales)"}; !slices.Equal(notes["8101"], want) {
			t.Errorf("--prune=%s: 8101's notes %q, want %q", prune, notes["8101"], want)
		}
		if len(notes["8102"]) != 0 {
			t.Errorf("--prune=%s: 8102's notes %q, want none", prune, notes["8102"])
		}
	}
}
