package client_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// A refresh of 200 webhooks among 2,400 (24 pages) under the simulator's
// rate limit of 20 requests a second: the reads arrive at once, and the
// batch reads the list whole. Its 23 pages after page 1 went out at
// once, into a bucket of 5 tokens: most of them refused (HTTP 429)
// before the first refusal slowed the client's pacer, each sent again
// after its Retry-After (at least 1 s). At most webhookCallsAtOnce (8)
// are in flight now, so at most about that many are refused.
//
// In a synctest bubble on the simulator in process: the rate limit's
// bucket, the pacer and the Retry-After waits are on the bubble's clock,
// so the test waits no real seconds (it waited about 2.5 s) and how many
// calls meet an empty bucket does not depend on the machine's load.
func TestWebhookRefreshUnderRateLimit(t *testing.T) {
	t.Parallel()
	synctest.Test(t, webhookRefreshUnderRateLimit)
}

func webhookRefreshUnderRateLimit(t *testing.T) {
	e := newBubbleLargeWebhookEnv(t, 2200, 200)
	rec := httptest.NewRecorder()
	e.sim.ServeHTTP(rec, httptest.NewRequestWithContext(t.Context(), http.MethodPost, "/_sim/faults", strings.NewReader(`{"rate_limit_per_second": 20, "rate_limit_burst": 5}`)))
	if rec.Code != http.StatusOK {
		t.Fatal(rec.Body.String())
	}
	time.Sleep(300 * time.Millisecond) // a full bucket
	var calls, refused atomic.Int32
	c := bubbleClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		rw := &codeWriter{ResponseWriter: w}
		e.sim.ServeHTTP(rw, r)
		if rw.code == http.StatusTooManyRequests {
			refused.Add(1)
		}
	}), client.Config{MaxRetries: client.DefaultMaxRetries})
	got, errs := make([]*client.Webhook, len(e.managed)), make([]error, len(e.managed))
	var wg sync.WaitGroup
	for i, w := range e.managed {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = c.Webhooks.GetNamed(t.Context(), w.ID.Int64(), string(w.Name), string(w.URL))
		}()
	}
	wg.Wait()
	for i, w := range e.managed {
		if errs[i] != nil || got[i].ID != w.ID || got[i].Name != w.Name {
			t.Fatalf("refresh of %s: %+v, %v", w.Name, got[i], errs[i])
		}
	}
	t.Logf("%d calls, %d refused with HTTP 429", calls.Load(), refused.Load())
	if n := refused.Load(); n > 12 {
		t.Errorf("a refresh of 200 webhooks among 2,400 under a rate limit of 20 a second (bucket of 5) had %d calls refused with HTTP 429, want at most 12 (8 calls in flight at once, and a few that passed the pacer before the first refusal)", n)
	}
}

// codeWriter remembers the status code written.
type codeWriter struct {
	http.ResponseWriter
	code int
}

func (w *codeWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}
