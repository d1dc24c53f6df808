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

// TestRetry_waitPastTimeLimit: a retry whose wait would end after the
// call's time limit (a resource's timeouts, wait_for_approval's timeout,
// an action's timeouts.invoke) is not waited for: the call returns at
// once, with an error that names the last failure and says that the next
// wait would pass the time limit. It slept until the deadline, so an
// apply with a 2-minute timeout idled for up to the backoff's length
// before it failed. Callers still recognise the time-out
// (context.DeadlineExceeded), and a write that sent nothing stays NotSent.
//
// Each case runs in a synctest bubble on an in-process client: the 3 s
// time limit and the 1.5 s bound are on the bubble's clock, where the
// attempt takes no time and a wait to the limit takes 3 s, whatever the
// load; on a listener and the wall clock a loaded machine could stretch
// the call that returns at once toward the bound.
func TestRetry_waitPastTimeLimit(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]waitPastTimeLimitCase{
		"503 read": {func(w http.ResponseWriter) { w.WriteHeader(503) },
			Request{Surface: SurfacePortal, Method: "GET", Path: "/x", BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true, Read: true},
			"HTTP 503"},
		"429 write": {func(w http.ResponseWriter) { w.Header().Set("Retry-After", "20"); w.WriteHeader(429) },
			Request{Surface: SurfacePortal, Method: "POST", Path: "/y", BodyKind: BodyNone, Envelope: EnvelopePortal},
			"HTTP 429"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) { retryWaitPastTimeLimit(t, tc) })
		})
	}
}

// waitPastTimeLimitCase is a case of TestRetry_waitPastTimeLimit: how the
// service fails, the call, and the failure its error names.
type waitPastTimeLimitCase struct {
	how  func(w http.ResponseWriter)
	req  Request
	last string
}

func retryWaitPastTimeLimit(t *testing.T, tc waitPastTimeLimitCase) {
	var n atomic.Int32
	c := newBubbleClient(t, flaky(100, tc.how, `{"code":200,"message":"ok","data":{}}`, &n), func(c *Config) {
		c.RetryWaitMin, c.RetryWaitMax = 20*time.Second, 20*time.Second
	})
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
	defer cancel()
	start := time.Now()
	err := c.Do(ctx, tc.req, nil)
	elapsed := time.Since(start)
	if elapsed > 1500*time.Millisecond {
		t.Errorf("Do returned after %v: it waited for a time limit the next retry would pass", elapsed)
	}
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if !strings.Contains(msg, tc.last) || !strings.Contains(msg, "not tried again: the call's time limit ends in ") ||
		!strings.Contains(msg, "before the next retry, due in ") {
		t.Errorf("error %q: want the last failure (%s) and the time limit the next wait would pass", msg, tc.last)
	}
	if strings.Contains(msg, "context deadline exceeded") {
		t.Errorf("error %q: Go's words left in", msg)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v is not context.DeadlineExceeded: callers no longer see the time-out", err)
	}
	var tl *TimeLimitError
	if !errors.As(err, &tl) || tl.Wait < 10*time.Second || tl.Left > 3*time.Second {
		t.Errorf("error %#v: want a TimeLimitError with the wait and the time left", tl)
	}
	if tc.req.Read && IsAmbiguous(err) {
		t.Errorf("IsAmbiguous(%v): a time-out is not ambiguous", err)
	}
	if !tc.req.Read && !NotSent(err) {
		t.Errorf("NotSent(%v) = false: every attempt was refused unprocessed (HTTP 429)", err)
	}
	if got := n.Load(); got != 1 {
		t.Errorf("%d attempts, want 1", got)
	}
}

// TestASRWait_pollPastTimeLimit: a poll due after the wait's time limit
// (timeouts.invoke of contactcenter_asr_transcribe) is not waited for: the
// wait ends at once, still "in progress", where it slept until the limit
// to end the same way.
//
// In a synctest bubble on an in-process client: the polls and the time
// limit are on the bubble's clock, so a loaded machine cannot stretch the
// queries within the limit past the 2.5 s bound (it did on the wall
// clock: "Wait returned after 2.947184871s", 1 run in 5 with 6 busy
// loops). The limit is 3 s: on the bubble's clock the queries take no
// time, and the poll after 1.4 s would come at exactly 3 s, a wait that
// ends at the limit, which SleepWithin does not wait for either (see
// timeLimitFirst and TestSleepWithin_endsAtTheLimit).
func TestASRWait_pollPastTimeLimit(t *testing.T) {
	t.Parallel()
	synctest.Test(t, pollPastTimeLimit)
}

func pollPastTimeLimit(t *testing.T) {
	var n atomic.Int32
	c := newBubbleClient(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		n.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"code":"400","errorMsg":"task is in progress"}`))
	}))
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
	defer cancel()
	start := time.Now()
	_, err := c.ASR.Wait(ctx, "task-1", 200*time.Millisecond, 20*time.Second, nil)
	if elapsed := time.Since(start); elapsed > 2500*time.Millisecond {
		t.Errorf("Wait returned after %v: it slept until the time limit its next poll would pass", elapsed)
	}
	if !IsASRInProgress(err) || !errors.Is(err, context.DeadlineExceeded) || !OutOfTime(ctx, err) {
		t.Errorf("error %v: want in progress, at the time limit", err)
	}
	if got := n.Load(); got < 3 {
		t.Errorf("%d polls, want the ones within the limit (0, 0.2s, 0.6s, 1.4s)", got)
	}
}

// TestRetry_waitPastTimeLimitLogged: the debug log said "retrying in 20s
// (backoff) as attempt 2 of 4" of a retry the call's time limit would
// come before, and no line followed: a reader waited for an attempt 2
// that never came. It says the call is not retried, and why.
func TestRetry_waitPastTimeLimitLogged(t *testing.T) {
	t.Parallel()
	var logs logCapture
	c := newTestClient(t, flaky(100, func(w http.ResponseWriter) { w.WriteHeader(503) }, `{"code":200}`, new(atomic.Int32)), func(c *Config) {
		c.Log = logs.hook
		c.RetryWaitMin, c.RetryWaitMax = 20*time.Second, 20*time.Second
	})
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
	defer cancel()
	_ = c.Do(ctx, Request{Surface: SurfacePortal, Method: "GET", Path: "/x", BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true, Read: true}, nil)
	wantLines(t, logs.all(),
		"contactcenter API request failed",
		"contactcenter API not retried: not retried: the call's time limit ends in *, before the next retry, due in ")
}

// TestSleepWithin_endsAtTheLimit: a wait that ends exactly when its call's
// time limit does was waited for (timeLimitFirst compared left < d), and
// the retry or poll after it then started with no time left and failed
// on the limit all the same, the wait spent idle. It returns at once,
// as one past the limit does. On the bubble's clock the two are equal to
// the nanosecond, which a wall clock hardly ever makes them.
func TestSleepWithin_endsAtTheLimit(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
		defer cancel()
		start := time.Now()
		err := SleepWithin(ctx, 3*time.Second)
		var tl *TimeLimitError
		if !errors.As(err, &tl) || tl.Wait != 3*time.Second || tl.Left != 3*time.Second ||
			err.Error() != "not tried again: the call's time limit ends in 3s, when the next retry is due" {
			t.Errorf("SleepWithin(3s) with 3s left: %v (%#v), want a TimeLimitError at once", err, tl)
		}
		if waited := time.Since(start); waited != 0 {
			t.Errorf("it waited %v", waited)
		}
		// A wait that ends before the limit is waited for.
		if err := SleepWithin(ctx, 2999*time.Millisecond); err != nil || time.Since(start) != 2999*time.Millisecond {
			t.Errorf("SleepWithin(2.999s) with 3s left: %v after %v, want nil after 2.999s", err, time.Since(start))
		}
	})
}
