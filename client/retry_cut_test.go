package client

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// TestRetry_attemptCutByTimeLimit: a retry waited within the call's time
// limit (SleepWithin), then the limit ended while the retry was under way
// (a slow answer, or a wait that, jitter included, ended just before the
// limit). The read returned Go's bare "context deadline exceeded": the
// failures that caused the retry (HTTP 503) were lost, and a review wait
// or an ASR query said "timed out" with no word of them. It keeps the
// last failure and says the time limit ended during the retry; callers
// still see the time-out (context.DeadlineExceeded).
//
// In a synctest bubble on an in-process client: the 1 s limit, the 100 ms
// wait and the hanging second attempt are on the bubble's clock. On a
// listener a loaded machine could spend most of the second on the first
// attempt, and the retry's wait no longer fit in what was left (a retry
// not waited for, an error of another kind).
func TestRetry_attemptCutByTimeLimit(t *testing.T) {
	t.Parallel()
	synctest.Test(t, retryAttemptCutByTimeLimit)
}

func retryAttemptCutByTimeLimit(t *testing.T) {
	var n atomic.Int32
	c := newBubbleClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}), func(c *Config) { c.RetryWaitMin, c.RetryWaitMax = 100*time.Millisecond, 100*time.Millisecond })
	ctx, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()
	err := c.Do(ctx, Request{Surface: SurfacePortal, Method: "GET", Path: "/x", BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true, Read: true}, nil)
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if !strings.Contains(msg, "HTTP 503") || !strings.Contains(msg, "the call's time limit ended during attempt 2") {
		t.Errorf("error %q: want the last failure (HTTP 503) and the time limit that cut attempt 2 short", msg)
	}
	if strings.Contains(msg, "context deadline exceeded") {
		t.Errorf("error %q: Go's words left in", msg)
	}
	if !errors.Is(err, context.DeadlineExceeded) || !OutOfTime(ctx, err) {
		t.Errorf("error %v is not context.DeadlineExceeded: callers no longer see the time-out", err)
	}
	if IsAmbiguous(err) {
		t.Errorf("IsAmbiguous(%v): a read is not ambiguous", err)
	}
}
