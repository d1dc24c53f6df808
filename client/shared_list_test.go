package client_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// ivrCounter is a simulator whose other/ivrs calls are counted, and
// refused with HTTP 500 while fail is set.
type ivrCounter struct {
	sim   *simulator.Server
	calls atomic.Int64
	fail  atomic.Bool
}

func (h *ivrCounter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/other/ivrs") {
		h.calls.Add(1)
		if h.fail.Load() {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
	}
	h.sim.ServeHTTP(w, r)
}

// newIVRCounter is an ivrCounter and a client calling it in process, for
// a testing/synctest bubble: reads that "arrive together" join a call
// within finderWindow (2 ms), which goroutines started at once on a
// loaded machine did not always do on the wall clock ("7 reads at once:
// 2 calls, want 1" in .ci/run); on the bubble's clock the window ends only
// when every reader is waiting.
func newIVRCounter(t *testing.T) (*ivrCounter, *client.Client) {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := &ivrCounter{sim: sim}
	return h, bubbleClient(t, h, client.Config{AppID: "sim-app", AppKey: "sim-key", MaxRetries: 0})
}

// readIVRsTogether reads the IVRs as n data sources at once.
func readIVRsTogether(t *testing.T, c *client.Client, n int) [][]client.IVR {
	t.Helper()
	out := make([][]client.IVR, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { out[i], errs[i] = c.Reference.IVRsShared(client.DataSourceReads(t.Context())) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestIVRsSharedRule: the data sources' shared list reads keep the
// finders' rule. Reads that arrive together share one call; outside a plan
// that refreshes, a read after them calls again (an apply's data source
// after depends_on sees what changed meanwhile); in a plan that refreshes,
// what the walk read serves later reads, until a write; a failed call
// fails its readers and is not kept.
func TestIVRsSharedRule(t *testing.T) {
	t.Parallel()
	synctest.Test(t, ivrsSharedRule)
}

func ivrsSharedRule(t *testing.T) {
	h, c := newIVRCounter(t)
	readIVRsTogether(t, c, 20)
	if n := h.calls.Load(); n != 1 {
		t.Fatalf("20 reads at once: %d other/ivrs calls, want 1", n)
	}
	// A change made outside the provider (the portal) between two reads
	// of a walk that does not refresh (an apply) is seen.
	if err := h.sim.Seed(map[string]json.RawMessage{"ivrs": json.RawMessage(`[{"ivrId":9,"ivrName":"Added","ivrCode":"ivr_added"}]`)}); err != nil {
		t.Fatal(err)
	}
	got := readIVRsTogether(t, c, 1)[0]
	if n := h.calls.Load(); n != 2 || len(got) != 4 {
		t.Fatalf("a read after the first, no refresh: %d calls (want 2), %d IVRs (want 4, the one added meanwhile)", n, len(got))
	}
	// A plan that refreshes: what its walk read serves later reads.
	c.Refreshing()
	readIVRsTogether(t, c, 1)
	readIVRsTogether(t, c, 5)
	if n := h.calls.Load(); n != 2 {
		t.Fatalf("reads in a plan that refreshes: %d calls in all, want 2 (the walk's read serves them)", n)
	}
	// A write through the client ends it.
	write := func(name string) {
		if _, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: name, URL: "https://example.com/" + name, EventType: 1}); err != nil {
			t.Fatal(err)
		}
	}
	write("w1")
	readIVRsTogether(t, c, 1)
	if n := h.calls.Load(); n != 3 {
		t.Fatalf("a read after a write: %d calls in all, want 3", n)
	}
	// A failed call fails the reads it served, and is not kept.
	h.fail.Store(true)
	write("w2")
	if _, err := c.Reference.IVRsShared(client.DataSourceReads(t.Context())); err == nil {
		t.Fatal("a failing call: no error")
	}
	h.fail.Store(false)
	if got := readIVRsTogether(t, c, 1)[0]; len(got) != 4 || h.calls.Load() != 5 {
		t.Fatalf("after a failed call: %d calls in all (want 5), %d IVRs", h.calls.Load(), len(got))
	}
}
