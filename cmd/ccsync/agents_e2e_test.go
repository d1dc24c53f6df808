package main

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestAgentsCommand_againstSimulator runs the demo roster through the CLI
// against the simulator: apply, then a second apply that the simulator's
// stats show made no writes.
func TestAgentsCommand_againstSimulator(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	defer srv.Close()
	conn := []string{"--endpoint", srv.URL, "--access-token", "sim-token"}
	// queue_ids of the demo roster refer to groups 101 and 102: before they
	// exist the plan names the cells and writes nothing (exit 2).
	if code, out, e := runCLI(append([]string{"agents", "plan", "../../examples/spreadsheets/agents.xlsx"}, conn...)...); code != 2 || !strings.Contains(e, `Agents!O2: queue_ids "101" refers to skill group 101, which does not exist`) {
		t.Fatalf("plan before the groups exist: %d %s %s", code, out, e)
	}
	createGroups(t, srv.URL)
	report := filepath.Join(t.TempDir(), "r.xlsx")
	code, out, e := runCLI(append([]string{"agents", "apply", "../../examples/spreadsheets/agents.xlsx", "--report", report}, conn...)...)
	if code != 0 || sim.Stats()["POST /open/v3/svcapi/users/add"] != 20 {
		t.Fatalf("apply: %d\n%s\n%s\n%v", code, out, e, sim.Stats())
	}
	before := sim.Stats()
	code, out, _ = runCLI(append([]string{"agents", "apply", "../../examples/spreadsheets/agents.xlsx"}, conn...)...)
	after := sim.Stats()
	for _, k := range []string{"POST /open/v3/svcapi/users/add", "POST /open/v3/svcapi/users/edit", "POST /open/v3/svcapi/users/delete"} {
		if after[k] != before[k] {
			t.Errorf("second apply: %s %d → %d", k, before[k], after[k])
		}
	}
	if code != 0 || !strings.Contains(out, "20 unchanged") {
		t.Errorf("second apply: %d %s", code, out)
	}
}

func createGroups(t *testing.T, origin string) {
	t.Helper()
	for _, name := range []string{"Sales", "Support"} {
		req, _ := http.NewRequestWithContext(t.Context(), "POST", origin+"/portal/v2/svcapi/queue/add", strings.NewReader(`{"que_name":"`+name+`","que_priority":1}`))
		req.Header.Set("Authorization", "Bearer sim-token")
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
}
