package client

import (
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// tooMany answers 429 (with Retry-After when retryAfter is not "") to the
// first `fails` requests, then ok; it records when each request arrived.
type tooMany struct {
	fails      int32
	retryAfter string
	ok         string
	n          atomic.Int32
	mu         sync.Mutex
	at         []time.Time
}

func (h *tooMany) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	h.mu.Lock()
	h.at = append(h.at, time.Now())
	h.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if h.n.Add(1) <= h.fails {
		if h.retryAfter != "" {
			w.Header().Set("Retry-After", h.retryAfter)
		}
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(`{"code":429,"message":"slow down"}`))
		return
	}
	_, _ = w.Write([]byte(h.ok))
}

func (h *tooMany) arrivals() []time.Time {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]time.Time(nil), h.at...)
}

// A 429 is retried on every call, a non-idempotent one (a create, a send)
// included, after the Retry-After the service asked for.
//
// In a synctest bubble on an in-process client: the 1 s is the bubble's,
// so the 3 s bound on the whole call holds on a loaded machine (and the
// test takes no real second).
func TestRateLimited_retryAfterSeconds(t *testing.T) {
	t.Parallel()
	synctest.Test(t, retryAfterSeconds)
}

func retryAfterSeconds(t *testing.T) {
	h := &tooMany{fails: 1, retryAfter: "1", ok: `{"code":200,"message":"ok"}`}
	c := newBubbleClient(t, h)
	start := time.Now()
	err := c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/v2/svcapi/queue/add", Body: map[string]string{"que_name": "Q"}, Envelope: EnvelopePortal}, nil)
	if err != nil {
		t.Fatal(err)
	}
	at := h.arrivals()
	if len(at) != 2 {
		t.Fatalf("%d requests, want 2 (the create re-sent once)", len(at))
	}
	if gap := at[1].Sub(at[0]); gap < 950*time.Millisecond || time.Since(start) > 3*time.Second {
		t.Errorf("re-sent %v after the 429, want about the 1s of Retry-After", gap)
	}
}

// Without Retry-After (or with one that does not parse) the client backs
// off; when the retries run out the error says 429 and IsRateLimited.
func TestRateLimited_backoffAndExhausted(t *testing.T) {
	t.Parallel()
	for name, ra := range map[string]string{"no header": "", "unreadable header": "soon"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := &tooMany{fails: 2, retryAfter: ra, ok: `{"code":0,"msg":"success"}`}
			c := newTestClient(t, h)
			if err := c.Do(t.Context(), Request{Surface: SurfaceSMSAPI, Method: "POST", Path: "/sms/v1/send_sms", Envelope: EnvelopeGateway}, nil); err != nil || h.n.Load() != 3 {
				t.Errorf("err %v after %d requests, want success on the third", err, h.n.Load())
			}
		})
	}

	// A 429 is retried beyond max_retries (nothing was done), for
	// RateLimitPatience in all; then the call gives up saying so. After a
	// 429 the pacer spaces the attempts 100ms apart: a patience of 300ms
	// held 4 attempts at most, the fewest this wants, and a loaded machine's
	// slower attempts made 2 or 3 of them. A second holds about 10.
	h := &tooMany{fails: 1000, retryAfter: "0"}
	const patience = time.Second
	c := newTestClient(t, h, func(c *Config) { c.MaxRetries = 2; c.RateLimitPatience = patience })
	err := c.Do(t.Context(), Request{Surface: SurfaceBase, Method: "POST", Path: "/x", Envelope: EnvelopeOpen}, nil)
	e, ok := AsAPIError(err)
	if !ok || !IsRateLimited(err) || e.HTTPStatus != 429 || e.RetryAfter != 0 || e.Message != "slow down" || h.n.Load() <= 3 || e.LimitedFor < patience {
		t.Errorf("after %d requests: %#v", h.n.Load(), err)
	}
	// max_retries 0: no retry, even for a 429.
	h = &tooMany{fails: 100, retryAfter: "0"}
	c = newTestClient(t, h, func(c *Config) { c.MaxRetries = 0 })
	if err := c.Do(t.Context(), Request{Surface: SurfaceBase, Method: "POST", Path: "/x", Envelope: EnvelopeOpen, Idempotent: true}, nil); !IsRateLimited(err) || h.n.Load() != 1 {
		t.Errorf("max_retries 0: %v after %d requests", err, h.n.Load())
	}
}

func TestParseRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 13, 0, 0, 0, time.UTC)
	cases := map[string]time.Duration{
		"":                              -1,
		"3":                             3 * time.Second,
		" 0 ":                           0,
		"1.5":                           1500 * time.Millisecond,
		"-4":                            -1,
		"soon":                          -1,
		"Sun, 22 Nov 2026 13:00:07 GMT": 7 * time.Second,
		"Sun, 22 Nov 2026 12:59:00 GMT": 0,
	}
	for in, want := range cases {
		if got := parseRetryAfter(in, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", in, got, want)
		}
	}
}

// MaxRequestsPerSecond paces every request of the client, from however
// many goroutines: 11 requests at 20/s span at least 10 intervals of 50ms.
func TestMaxRequestsPerSecond(t *testing.T) {
	t.Parallel()
	h := &tooMany{ok: `{"code":200,"message":"ok"}`}
	c := newTestClient(t, h, func(c *Config) { c.MaxRequestsPerSecond = 20 })
	var wg sync.WaitGroup
	start := time.Now()
	for range 11 {
		wg.Go(func() {
			if err := c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/x", Envelope: EnvelopePortal}, nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	took := time.Since(start)
	at := h.arrivals()
	if len(at) != 11 {
		t.Fatalf("%d requests", len(at))
	}
	// The pacer gives the requests turns 50ms apart from the first call on:
	// the k-th request to arrive came no sooner than k turns after start,
	// however late each arrival was seen (an arrival seen late is never
	// early). A bound on the span from the first arrival to the last
	// failed on a loaded machine (174ms), the first seen late, the others
	// not: it measured the scheduler, not the pacer.
	slices.SortFunc(at, time.Time.Compare)
	for k, a := range at {
		if early := a.Sub(start); early < time.Duration(k)*50*time.Millisecond {
			t.Errorf("request %d of 11 at 20/s arrived %v after the calls began, want at least %v", k+1, early, time.Duration(k)*50*time.Millisecond)
		}
	}
	if took > 3*time.Second {
		t.Errorf("11 requests at 20/s took %v, want about 500ms", took)
	}

	// Retries are paced too.
	h = &tooMany{fails: 2, retryAfter: "0", ok: `{"code":200,"message":"ok"}`}
	c = newTestClient(t, h, func(c *Config) { c.MaxRequestsPerSecond = 10 })
	start = time.Now()
	if err := c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/x", Envelope: EnvelopePortal}, nil); err != nil {
		t.Fatal(err)
	}
	at = h.arrivals()
	if len(at) != 3 || at[2].Sub(start) < 200*time.Millisecond {
		t.Errorf("a 429 retried at once despite 10/s: %v", at)
	}
}

// bucket answers like a platform with a rate limit: a token bucket of
// size 2 refilled at 6 per second; over it, 429 with Retry-After in whole
// seconds (rounded up, as RFC 9110 delay-seconds are).
type bucket struct {
	mu      sync.Mutex
	tokens  float64
	last    time.Time
	refused atomic.Int32
}

func (b *bucket) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	const rate, size = 6.0, 2.0
	b.mu.Lock()
	now := time.Now()
	if b.last.IsZero() {
		b.tokens = size
	} else {
		b.tokens = min(size, b.tokens+now.Sub(b.last).Seconds()*rate)
	}
	b.last = now
	ok := b.tokens >= 1
	if ok {
		b.tokens--
	}
	b.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if !ok {
		b.refused.Add(1)
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(`{"code":429,"message":"slow down"}`))
		return
	}
	_, _ = w.Write([]byte(`{"code":200,"message":"ok"}`))
}

// Ten concurrent calls meet a limit of 6/s: the refused calls must not
// all come back at the same instant Retry-After names, or each wave meets
// the same full bucket and only two get through; spread out, every call
// succeeds within max_retries.
//
// In a synctest bubble on an in-process client (newBubbleClient): the
// bucket's refill and the 1 s of Retry-After are on the bubble's clock, so
// the test waits no real seconds (3.5 s before) and the load of the
// machine does not change which calls meet a full bucket.
func TestRateLimited_concurrentCallersSpreadTheirRetries(t *testing.T) {
	t.Parallel()
	synctest.Test(t, concurrentCallersSpreadTheirRetries)
}

func concurrentCallersSpreadTheirRetries(t *testing.T) {
	b := &bucket{}
	c := newBubbleClient(t, b, func(c *Config) { c.MaxRetries = 3 })
	var wg sync.WaitGroup
	var failed atomic.Int32
	for range 10 {
		wg.Go(func() {
			if err := c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/x", Envelope: EnvelopePortal}, nil); err != nil {
				failed.Add(1)
			}
		})
	}
	wg.Wait()
	if n := failed.Load(); n > 0 {
		t.Errorf("%d of 10 calls failed with 429 after max_retries (%d answers were 429)", n, b.refused.Load())
	}
}

// TestRateLimited_parallelismBeyondTheLimit: an apply's parallelism far
// above the platform's limit (40 calls at once, 6 a second) with no pacing
// configured: each call met the limit again on its retries and gave up
// after max_retries while the platform only asked it to wait (an apply of
// 300 objects at parallelism 10 against 5/s failed 14 of them). The client
// slows down after the first 429 and retries a refused call for
// RateLimitPatience: every call succeeds.
//
// In a synctest bubble on an in-process client (newBubbleClient): the
// pacer's spacing, the Retry-After waits and the bucket's refill are on
// the bubble's clock (7.5 s of real waiting before).
func TestRateLimited_parallelismBeyondTheLimit(t *testing.T) {
	t.Parallel()
	synctest.Test(t, parallelismBeyondTheLimit)
}

func parallelismBeyondTheLimit(t *testing.T) {
	b := &bucket{}
	c := newBubbleClient(t, b, func(c *Config) { c.MaxRetries = 3 })
	var wg sync.WaitGroup
	var failed atomic.Int32
	for range 40 {
		wg.Go(func() {
			if err := c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/x", Envelope: EnvelopePortal}, nil); err != nil {
				failed.Add(1)
			}
		})
	}
	wg.Wait()
	if n := failed.Load(); n > 0 {
		t.Errorf("%d of 40 calls failed with 429 (%d answers were 429)", n, b.refused.Load())
	}
}
