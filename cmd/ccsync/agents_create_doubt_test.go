package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestAgentsCommand_createInDoubtSaysRunAgain: a row whose create lost its
// answer and whose lookup by user_num failed too says to run apply again,
// as the rows' summary line does (apply reads the agents again by
// user_num): it said the client's words for a Terraform resource, "check
// whether it exists (and import it) before applying again", under the
// line "run apply again".
func TestAgentsCommand_createInDoubtSaysRunAgain(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var added atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/users/add"):
			added.Store(true)
			if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
				_ = conn.Close() // the answer is lost
			}
			return
		case strings.HasSuffix(r.URL.Path, "/users/list") && added.Load():
			http.Error(w, "simulated server fault", http.StatusServiceUnavailable) // the lookup fails
			return
		}
		sim.ServeHTTP(w, r)
	}))
	defer srv.Close()
	createGroups(t, srv.URL)
	conn := []string{"--endpoint", srv.URL, "--access-token", "sim-token", "--max-retries", "0", "--concurrency", "1"}
	code, out, e := runCLI(append([]string{"agents", "apply", demoRoster}, conn...)...)
	if code != 1 || !strings.Contains(out, "the create may have taken effect") || !strings.Contains(out, "run apply again") {
		t.Errorf("exit %d, want 1 and rows in doubt saying to run apply again:\n%s\n%s", code, out, e)
	}
	if strings.Contains(out, "import it") {
		t.Errorf("a row in doubt says to import the agent, which ccsync does not do (apply finds it by user_num):\n%s", out)
	}
}
