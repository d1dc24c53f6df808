package importer_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestE2E_attemptsCountsClientRetries: apply's "attempts" (--output json,
// the steps) said 1 for every row of a run whose log held hundreds of
// retried users/edit calls (a 2,000-row roster under error_rate 0.1:
// 206 retries, every row "attempts": 1): ccsync leaves retries to the
// client, whose attempts the step did not count. A row whose edit was
// sent twice says 2.
func TestE2E_attemptsCountsClientRetries(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var failEdits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/users/edit") && failEdits.Add(-1) >= 0 {
			w.WriteHeader(http.StatusServiceUnavailable) // before anything is done
			return
		}
		sim.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: 3,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 2 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	be, err := importer.BackendFor(c)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	apply := func(rows [][]any) []importer.Result {
		t.Helper()
		r, probs, err := importer.ReadRoster(book(t, "Agents", rows))
		if err != nil || len(probs) > 0 {
			t.Fatal(err, lines(probs))
		}
		p, probs, err := importer.PlanRoster(ctx, be.Agents, r, importer.PlanOptions{})
		if err != nil || len(probs) > 0 {
			t.Fatal(err, lines(probs))
		}
		// As ccsync runs it: retries are the client's (Retries -1).
		return importer.Apply(ctx, be.Agents, p, importer.ApplyOptions{Retries: -1})
	}
	res := apply([][]any{{"user_num", "user_name", "user_password"}, {9101, "Ann", "Passw0rd!x"}, {9102, "Bob", "Passw0rd!y"}})
	if importer.Failed(res) != 0 || res[0].Attempts != 1 || res[1].Attempts != 1 {
		t.Fatalf("creates: %+v", res)
	}
	failEdits.Store(1)
	res = apply([][]any{{"user_num", "user_name"}, {9101, "Ann Lee"}})
	if importer.Failed(res) != 0 || len(res) != 1 || res[0].Outcome != importer.OutcomeDone {
		t.Fatalf("edit: %+v", res)
	}
	if res[0].Attempts != 2 {
		t.Errorf("the edit refused once (HTTP 503), then done: attempts = %d, want 2", res[0].Attempts)
	}
}
