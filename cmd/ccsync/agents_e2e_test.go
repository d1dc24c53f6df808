package main

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
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
		resp, err := (&http.Client{Transport: inProcessTransport(origin)}).Do(req) // nil: the network
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
}

// TestAgentsCommand_pruneWhoseAnswersAreLost: every answer of users/delete
// (then users/edit) is lost after the platform carried the call out. The
// agents are gone (resigned), so apply reads them back and reports the
// rows done, not "FAILED … 504".
func TestAgentsCommand_pruneWhoseAnswersAreLost(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	defer srv.Close()
	conn := []string{"--endpoint", srv.URL, "--access-token", "sim-token", "--max-retries", "1"}
	createGroups(t, srv.URL)
	if code, out, e := runCLI(append([]string{"agents", "apply", demoRoster}, conn...)...); code != 0 {
		t.Fatalf("apply: %d\n%s\n%s", code, out, e)
	}
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	leavers := func(nums ...string) {
		for _, num := range nums {
			pw := "Passw0rd!" + num
			if _, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: &num, UserName: &num, UserPassword: &pw}); err != nil {
				t.Fatal(err)
			}
		}
	}
	lose := func(path string) {
		body := `{"force": [{"method": "POST", "path": "` + path + `", "lost": true, "count": 1000}]}`
		postFaults(t, srv.URL, body)
	}

	leavers("7001", "7002")
	lose("/open/v3/svcapi/users/edit")
	code, out, e := runCLI(append([]string{"agents", "apply", demoRoster, "--prune=resign", "--output", "json"}, conn...)...)
	if code != 0 || !strings.Contains(out, `"failed": 0`) || !strings.Contains(out, "the answer was lost; the platform shows it done") {
		t.Errorf("resign with lost answers: exit %d\n%s\n%s", code, out, e)
	}

	leavers("7003", "7004")
	lose("/open/v3/svcapi/users/delete")
	code, out, e = runCLI(append([]string{"agents", "apply", demoRoster, "--prune=delete", "--yes"}, conn...)...)
	if code != 0 || strings.Contains(out, "FAILED") || !strings.Contains(out, "4 to delete; 0 failed") {
		t.Errorf("delete with lost answers: exit %d\n%s\n%s", code, out, e)
	}
	for _, num := range []string{"7001", "7002", "7003", "7004"} {
		if _, err := c.Agents.GetByNum(t.Context(), num); !client.IsNotFound(err) {
			t.Errorf("agent %s: %v, want deleted", num, err)
		}
	}
}

// TestAgentsCommand_rateLimitedRows: rows refused by the platform's rate
// limit after every retry say how to pace ccsync (the FAILED lines only
// named HTTP 429).
//
// In a synctest bubble, on the simulator in process (inProcessEndpoint):
// the pacing the refusals start (about 0.1 s between calls) runs on the
// bubble's clock.
func TestAgentsCommand_rateLimitedRows(t *testing.T) {
	t.Parallel()
	synctest.Test(t, agentsCommandRateLimitedRows)
}

func agentsCommandRateLimitedRows(t *testing.T) {
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var adds atomic.Int32
	endpoint := inProcessEndpoint(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/users/add") && adds.Add(1)%2 == 0 {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		sim.ServeHTTP(w, r)
	}))
	createGroups(t, endpoint)
	code, out, e := runCLI("agents", "apply", demoRoster, "--endpoint", endpoint, "--access-token", "sim-token", "--max-retries", "0", "--concurrency", "1")
	want := "10 rows failed on the platform's rate limit (HTTP 429) after every retry: set --max-requests-per-second (or CONTACTCENTER_MAX_REQUESTS_PER_SECOND) below its limit, then run apply again."
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("exit %d, want 1 and %q:\n%s\n%s", code, want, out, e)
	}
}

// TestAgentsExport_rateLimitedSaysItWaits: a run refused with HTTP 429
// waited out the Retry-After (minutes, at worst) without a word, as if it
// hung. A wait of 5 s or more is a line on stderr naming the call, the
// cause and the wait; the run then goes on.
//
// In a synctest bubble, on the simulator in process (inProcessEndpoint):
// the wait of 5 s or more runs on the bubble's clock.
func TestAgentsExport_rateLimitedSaysItWaits(t *testing.T) {
	t.Parallel()
	synctest.Test(t, agentsExportRateLimitedSaysItWaits)
}

func agentsExportRateLimitedSaysItWaits(t *testing.T) {
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var refused atomic.Bool
	endpoint := inProcessEndpoint(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/users/list") && refused.CompareAndSwap(false, true) {
			w.Header().Set("Retry-After", "5")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		sim.ServeHTTP(w, r)
	}))
	code, out, e := runCLI("agents", "export", filepath.Join(t.TempDir(), "a.xlsx"), "--endpoint", endpoint, "--access-token", "sim-token")
	const want = "ccsync: POST /v3/svcapi/users/list: the service is limiting requests (HTTP 429); trying again in "
	if code != 0 || !strings.Contains(e, want) || !strings.Contains(e, "(attempt 2)") {
		t.Errorf("export: exit %d\n%s\n%s\nwant a line %q…(attempt 2)", code, out, e, want)
	}
}

// TestAgentsCommand_unknownRowExit1: with --reset-passwords, an update
// whose answer is lost (not tried again: --max-retries 0) cannot be
// confirmed, as a password cannot be read back: its row is reported
// UNKNOWN and the run exits 1, not 0, though no row failed.
func TestAgentsCommand_unknownRowExit1(t *testing.T) {
	t.Parallel()
	_, url := newSimServer(t)
	createGroups(t, url)
	conn := []string{"--endpoint", url, "--access-token", "sim-token", "--max-retries", "0"}
	if code, out, e := runCLI(append([]string{"agents", "apply", demoRoster}, conn...)...); code != 0 {
		t.Fatalf("apply: %d\n%s\n%s", code, out, e)
	}
	postFaults(t, url, `{"force": [{"method": "POST", "path": "/open/v3/svcapi/users/edit", "lost": true, "count": 1}]}`)
	code, out, e := runCLI(append([]string{"agents", "apply", demoRoster, "--reset-passwords"}, conn...)...)
	if code != 1 || strings.Count(out, "UNKNOWN ") != 1 || !strings.Contains(out, "a password cannot be read back") || !strings.Contains(out, "; 0 failed") {
		t.Errorf("exit %d, want 1 with an UNKNOWN row:\n%s\n%s", code, out, e)
	}
}
