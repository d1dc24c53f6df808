package client

import (
	"net/http"
	"testing"
	"time"
)

// TestRetryWaitsSpread: the waits between retries are random within their
// range, so calls refused together (a burst of parallel creates answered
// 429 or 503) do not come back together. The bounds tests pass with a
// jitter that always answers 0 (every wait is then the low end, and every
// refused call returns at the same instant): here 400 draws must cover the
// low and the high eighth of each range. A uniform draw misses one eighth
// 400 times with probability (7/8)^400, about 1e-23.
func TestRetryWaitsSpread(t *testing.T) {
	t.Parallel()
	c := newTestClient(t, http.NotFoundHandler(), func(c *Config) {
		c.RetryWaitMin, c.RetryWaitMax = 80*time.Millisecond, 10*time.Second
	})
	cases := []struct {
		name   string
		draw   func() time.Duration
		lo, hi time.Duration
	}{
		// Backoff after the second attempt: d = 160ms, waits in [80ms, 160ms].
		{"backoff", func() time.Duration { return c.backoff(2) }, 80 * time.Millisecond, 160 * time.Millisecond},
		// A 429 with Retry-After 2s: waits in [2s, 4s].
		{"Retry-After", func() time.Duration {
			d, _ := c.retryDelay(&APIError{HTTPStatus: http.StatusTooManyRequests, RetryAfter: 2 * time.Second}, 1)
			return d
		}, 2 * time.Second, 4 * time.Second},
		// A 429 with Retry-After 0: waits in [0, RetryWaitMin].
		{"Retry-After 0", func() time.Duration {
			d, _ := c.retryDelay(&APIError{HTTPStatus: http.StatusTooManyRequests, RetryAfter: 0}, 1)
			return d
		}, 0, 80 * time.Millisecond},
	}
	for _, tc := range cases {
		eighth := (tc.hi - tc.lo) / 8
		low, high := false, false
		for range 400 {
			d := tc.draw()
			if d < tc.lo || d > tc.hi {
				t.Fatalf("%s: wait %v outside [%v, %v]", tc.name, d, tc.lo, tc.hi)
			}
			low = low || d < tc.lo+eighth
			high = high || d > tc.hi-eighth
		}
		if !low || !high {
			t.Errorf("%s: of 400 waits in [%v, %v], one in the low eighth: %v, one in the high eighth: %v; the jitter does not spread them", tc.name, tc.lo, tc.hi, low, high)
		}
	}
}
