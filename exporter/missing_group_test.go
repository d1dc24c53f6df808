package exporter_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestExport_agentInMissingGroup: an agent whose record names a skill
// group the group list does not hold (deleted, or not visible to the
// token) lost that membership in the export without a word. The export
// now names the agent and the group id in its notes and above the
// agent's block, and says no membership was written for it.
func TestExport_agentInMissingGroup(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The group list leaves out the group named Hidden, as a platform does
	// for one the token may not see; the agent's record still names it.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/portal/v2/svcapi/queue/list" {
			sim.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		sim.ServeHTTP(rec, r)
		var body map[string]any
		if json.Unmarshal(rec.Body.Bytes(), &body) == nil {
			if items, ok := body["data"].([]any); ok {
				body["data"] = slices.DeleteFunc(items, func(it any) bool { g, _ := it.(map[string]any); return g["que_name"] == "Hidden" })
				body["total"] = strconv.Itoa(len(body["data"].([]any)))
			}
		}
		b, _ := json.Marshal(body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(b)
	}))
	t.Cleanup(func() { srv.Close(); sim.Wait() })
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key"})
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Seed(map[string]json.RawMessage{"agents": json.RawMessage(`[{"user_id": 5001, "user_num": "9001", "user_name": "Ann"}]`)}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var hidden int64
	for _, name := range []string{"Sales", "Hidden"} {
		id, err := c.Queues.Create(ctx, client.SkillGroupInput{QueName: name, QuePriority: 1})
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.ParseInt(id, 10, 64)
		if err := c.Queues.Assign(ctx, n, []client.AgentSkill{{AgID: 5001, Skill: 1}}); err != nil {
			t.Fatal(err)
		}
		hidden = n
	}
	dir := filepath.Join(t.TempDir(), "cc")
	sum, err := exporter.Export(ctx, c, exporter.Options{Dir: dir, Kinds: []exporter.Kind{exporter.KindAgents, exporter.KindSkillGroups, exporter.KindSkillGroupMembers}})
	if err != nil {
		t.Fatal(err)
	}
	h := strconv.FormatInt(hidden, 10)
	want := "missing skill group: contactcenter_agent.agent_9001: agent 9001's record names skill group " + h + " (queue_ids), " +
		"which the platform's group list does not hold (deleted, or not visible to this token); the export wrote no membership for it"
	if !slices.ContainsFunc(sum.Notes, func(n string) bool { return strings.HasPrefix(n, want) }) {
		t.Errorf("no note %q among:\n%s", want, strings.Join(sum.Notes, "\n"))
	}
	if n := strings.Count(strings.Join(sum.Notes, "\n"), "missing skill group"); n != 1 {
		t.Errorf("%d missing-group notes, want 1 (Sales is listed)", n)
	}
	agents, _ := os.ReadFile(filepath.Join(dir, "agents.tf"))
	if want := "# The agent's record names skill group " + h + " (queue_ids), which the platform's group list does not hold: no membership is written for it.\n" +
		"resource \"contactcenter_agent\" \"agent_9001\""; !bytes.Contains(agents, []byte(want)) {
		t.Errorf("agents.tf lacks %q:\n%s", want, agents)
	}
}
