package client

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"
)

// TestCreate_retryPastTimeLimitLogged: a create refused by the rate limit
// (or whose connection could not be made) logged "retrying in 20s" when
// its step's time limit would end before that retry, and no line
// followed; now at INFO. It says, as a call's retry does
// (TestRetry_waitPastTimeLimitLogged), that the create is not tried
// again, and why.
func TestCreate_retryPastTimeLimitLogged(t *testing.T) {
	t.Parallel()
	for name, h := range map[string]http.Handler{
		"429":     flaky(100, func(w http.ResponseWriter) { w.Header().Set("Retry-After", "20"); w.WriteHeader(429) }, `{"code":200}`, new(atomic.Int32)),
		"refused": http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}),
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var logs logCapture
			c := newTestClient(t, h, func(c *Config) {
				c.Log = logs.hook
				c.RetryWaitMin, c.RetryWaitMax = 20*time.Second, 20*time.Second
				if name == "refused" {
					for s := range c.URLs {
						c.URLs[s] = "http://127.0.0.1:1" + SurfacePrefixes[s] // nothing listens
					}
				}
			})
			ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
			defer cancel()
			start := time.Now()
			err := c.createOnce(ctx, Request{Surface: SurfacePortal, Method: "POST", Path: "/add", Envelope: EnvelopePortal}, nil,
				func(context.Context) (bool, error) { return false, nil }, nil)
			if err == nil {
				t.Fatal("no error")
			}
			if d := time.Since(start); d > 1500*time.Millisecond {
				t.Errorf("createOnce returned after %v", d)
			}
			lines := logs.all()
			wantLines(t, lines,
				"contactcenter API request failed",
				"contactcenter API not retried: not retried: the call's time limit ends in *, before the next retry, due in ")
			// At INFO (OperatorLine), as the retry's line would be, with
			// what failed: it was at DEBUG, under the retry lines' INFO.
			l := lines[len(lines)-1]
			if w, ok := l.fields["wait_ms"].(int64); !ok || w < 3000 {
				t.Errorf("wait_ms %v: want the wait the time limit cuts", l.fields["wait_ms"])
			}
			if !OperatorLine(l.msg, l.fields) || l.fields["reason"] == nil || l.fields["wait_reason"] == nil {
				t.Errorf("the not-retried line is not an operator's line with the reason and the wait: %s %v", l.msg, l.fields)
			}
		})
	}
}
