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

// TestE2E_attemptsCountsEverySend: a row's "attempts" is how many times
// its write was sent, the client's retries included, in the two cases
// TestE2E_attemptsCountsClientRetries leaves out. A prune's delete
// (users/delete, ccsync agents apply --prune delete) counted the
// importer's attempts only: a delete the client sent twice said 1. With
// the importer's own retries on as well (ApplyOptions.Retries, for a
// program using the importer), the count was the highest attempt of one
// client call: an edit sent 2 + 2 times said 2.
func TestE2E_attemptsCountsEverySend(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var failEdits, failDeletes atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/users/edit") && failEdits.Add(-1) >= 0 ||
			strings.HasSuffix(r.URL.Path, "/users/delete") && failDeletes.Add(-1) >= 0 {
			w.WriteHeader(http.StatusServiceUnavailable) // before anything is done
			return
		}
		sim.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: 1,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 2 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	be, err := importer.BackendFor(c)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	apply := func(rows [][]any, plan importer.PlanOptions, opts importer.ApplyOptions) []importer.Result {
		t.Helper()
		r, probs, err := importer.ReadRoster(book(t, "Agents", rows))
		if err != nil || len(probs) > 0 {
			t.Fatal(err, lines(probs))
		}
		p, probs, err := importer.PlanRoster(ctx, be.Agents, r, plan)
		if err != nil || len(probs) > 0 {
			t.Fatal(err, lines(probs))
		}
		return importer.Apply(ctx, be.Agents, p, opts)
	}
	roster := [][]any{{"user_num", "user_name", "user_password"}, {9201, "Ann", "Passw0rd!x"}, {9202, "Bob", "Passw0rd!y"}}
	if res := apply(roster, importer.PlanOptions{}, importer.ApplyOptions{Retries: -1}); importer.Failed(res) != 0 {
		t.Fatalf("creates: %+v", res)
	}

	// The importer's retries on (one more try), the client's too (two
	// sends a call): the first try's two sends fail, and the second's
	// first: four sends.
	failEdits.Store(3)
	res := apply([][]any{{"user_num", "user_name"}, {9201, "Ann Lee"}, {9202, "Bob"}}, importer.PlanOptions{},
		importer.ApplyOptions{Retries: 1, Backoff: time.Millisecond})
	if importer.Failed(res) != 0 || res[0].Action != importer.ActionUpdate || res[0].Outcome != importer.OutcomeDone {
		t.Fatalf("edit: %+v", res)
	}
	if res[0].Attempts != 4 {
		t.Errorf("the edit sent four times (the client's two, failed; then the importer's retry, sent twice): attempts = %d, want 4", res[0].Attempts)
	}

	// As ccsync runs a prune: the client retries (Retries -1).
	failDeletes.Store(1)
	res = apply([][]any{{"user_num", "user_name"}, {9201, "Ann Lee"}}, importer.PlanOptions{Prune: importer.PruneDelete},
		importer.ApplyOptions{Retries: -1})
	var del *importer.Result
	for i := range res {
		if res[i].UserNum == "9202" {
			del = &res[i]
		}
	}
	if importer.Failed(res) != 0 || del == nil || del.Action != importer.ActionDelete || del.Outcome != importer.OutcomeDone {
		t.Fatalf("delete: %+v", res)
	}
	if del.Attempts != 2 {
		t.Errorf("the delete refused once (HTTP 503), then done: attempts = %d, want 2", del.Attempts)
	}
}
