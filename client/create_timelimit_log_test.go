package client

import (
	"context"
	"net"
	"net/http"
	"os"
	"sync/atomic"
	"syscall"
	"testing"
	"testing/synctest"
	"time"
)

// TestCreate_retryPastTimeLimitLogged: a create refused by the rate limit
// (or whose connection could not be made) logged "retrying in 20s" when
// its step's time limit would end before that retry, and no line
// followed; now at INFO. It says, as a call's retry does
// (TestRetry_waitPastTimeLimitLogged), that the create is not tried
// again, and why.
//
// Each case runs in a synctest bubble on an in-process client (the
// refused one's transport fails every dial as a port nobody listens on
// does): the 3 s limit and the 1.5 s bound are on the bubble's clock,
// where a create that returns at once takes no time and one that waits
// for the limit 3 s; on the wall clock a loaded machine stretched the one
// toward the other.
func TestCreate_retryPastTimeLimitLogged(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"429", "refused"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) { createRetryPastTimeLimitLogged(t, name) })
		})
	}
}

// refusedDial is a transport whose every request finds nothing listening:
// the error a dial to a closed port of loopback returns.
type refusedDial struct{}

func (refusedDial) RoundTrip(r *http.Request) (*http.Response, error) {
	return nil, &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1},
		Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
}

func createRetryPastTimeLimitLogged(t *testing.T, name string) {
	var logs logCapture
	h := flaky(100, func(w http.ResponseWriter) { w.Header().Set("Retry-After", "20"); w.WriteHeader(429) }, `{"code":200}`, new(atomic.Int32))
	c := newBubbleClient(t, h, func(c *Config) {
		c.Log = logs.hook
		c.RetryWaitMin, c.RetryWaitMax = 20*time.Second, 20*time.Second
		if name == "refused" {
			c.HTTPClient = &http.Client{Transport: refusedDial{}}
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
}
