package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestAgentsCommand_transientFailuresSayRunAgain: rows whose writes the
// service failed at each attempt (HTTP 503, --max-retries 0: one) say that the failure may pass
// and to run apply again: the FAILED lines named only the answer
// ("POST /open/v3/svcapi/users/add: HTTP 503: simulated server fault"),
// and a user could not tell whether the agent was made or what to do.
// Rows refused by the platform's rules do not count.
func TestAgentsCommand_transientFailuresSayRunAgain(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var adds atomic.Int32
	var failing atomic.Bool
	failing.Store(true)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/users/add") && failing.Load() && adds.Add(1)%2 == 0 {
			http.Error(w, "simulated server fault", http.StatusServiceUnavailable)
			return
		}
		sim.ServeHTTP(w, r)
	}))
	defer srv.Close()
	createGroups(t, srv.URL)
	conn := []string{"--endpoint", srv.URL, "--access-token", "sim-token", "--max-retries", "0", "--concurrency", "1"}
	code, out, e := runCLI(append([]string{"agents", "apply", demoRoster}, conn...)...)
	want := "10 rows failed on errors that may pass (the service failed, or the connection was dropped or timed out, at each attempt): run apply again; " +
		"it plans again from the platform, so it writes only what is left"
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("exit %d, want 1 and %q:\n%s\n%s", code, want, out, e)
	}
	// Run again once the service is well, as the line says: the rest is
	// made, and nothing is said of errors that may pass.
	failing.Store(false)
	code, out, e = runCLI(append([]string{"agents", "apply", demoRoster}, conn...)...)
	if code != 0 || !strings.Contains(out, "10 to create") || !strings.Contains(out, "; 0 failed") || strings.Contains(out, "may pass") {
		t.Errorf("second apply: exit %d, want 0 with the 10 rows left created:\n%s\n%s", code, out, e)
	}
}
