package client_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// rateLimitedCreates serves the simulator, but answers the webhook create
// (webhook/updateOrCreate) as answer says for the n-th send (1-based); a
// false return passes the send to the simulator.
func rateLimitedCreates(t *testing.T, answer func(n int32, w http.ResponseWriter) bool) (string, *atomic.Int32) {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sends atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") && answer(sends.Add(1), w) {
			return
		}
		sim.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &sends
}

func tooManyRequests(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Retry-After", "0")
	w.WriteHeader(http.StatusTooManyRequests)
	_, _ = w.Write([]byte(`{"code":429,"message":"slow down"}`))
}

// TestCreateRateLimitNotARetry: a create refused by the rate limit (HTTP
// 429: nothing was done) is sent again without counting against
// max_retries. With max_retries = 1, a create refused once, then answered
// HTTP 503 and not found by the lookup, still has its retry: it is sent a
// third time and made. Counted, the refusal used the retry up and the
// create failed with the 503.
func TestCreateRateLimitNotARetry(t *testing.T) {
	t.Parallel()
	origin, sends := rateLimitedCreates(t, func(n int32, w http.ResponseWriter) bool {
		switch n {
		case 1:
			tooManyRequests(w)
		case 2:
			http.Error(w, "upstream unavailable", http.StatusServiceUnavailable)
		default:
			return false
		}
		return true
	})
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key",
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, MaxRetries: 1})
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Limited", URL: "https://example.com/limited", EventType: 1})
	if err != nil || w == nil || w.ID.Int64() == 0 {
		t.Fatalf("create refused once by the rate limit, then failed once, with max_retries = 1: %v, %v; want it made", w, err)
	}
	if n := sends.Load(); n != 3 {
		t.Errorf("the create was sent %d times, want 3 (refused, failed, made)", n)
	}
}

// TestCreateRateLimitedGivesUpSaying: a create the rate limit refuses for
// all of rate_limit_patience gives up with the number of sends and the
// time on its error, which the diagnostic shows ("refused the call at each
// of N attempts over T"). Without them it read "which was not retried
// (max_retries is 0)" of a create sent several times.
func TestCreateRateLimitedGivesUpSaying(t *testing.T) {
	t.Parallel()
	origin, sends := rateLimitedCreates(t, func(_ int32, w http.ResponseWriter) bool { tooManyRequests(w); return true })
	const patience = 300 * time.Millisecond
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key",
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, MaxRetries: 2, RateLimitPatience: patience})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Limited", URL: "https://example.com/limited", EventType: 1})
	ae, ok := client.AsAPIError(err)
	if !ok || !client.IsRateLimited(err) {
		t.Fatalf("err %v, want the rate limit's refusal", err)
	}
	n := sends.Load()
	if n < 2 || int(n) != ae.Attempts || ae.LimitedFor < patience {
		t.Errorf("sent %d times; the error says %d attempts over %v (want %d, at least %v)", n, ae.Attempts, ae.LimitedFor, n, patience)
	}
	if got, want := tfkit.APIErrorDetail(err), fmt.Sprintf("refused the call at each of %d attempts over", n); !strings.Contains(got, want) {
		t.Errorf("diagnostic:\n%s\nwant %q", got, want)
	}
}
