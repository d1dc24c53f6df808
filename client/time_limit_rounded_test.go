package client

import (
	"net/http"
	"testing"
	"time"
)

// TestTimeLimitError_roundedApart: the texts that say a retry comes after
// a time limit rounded the two times each its own way, and said of a
// retry 4.4s away, with 4.2s left, "the call's time limit ends in 4.2s,
// before the next retry, due in 4s", and of one 3.74s away with 3.71s
// left (the shared call's retry not waited for) "due in 3.7s: ... ends in
// 3.7s, before it". Each shows the wait past what is left, as coarse as
// that allows, and as before when it already did.
func TestTimeLimitError_roundedApart(t *testing.T) {
	t.Parallel()
	ms := time.Millisecond
	for _, tc := range []struct {
		wait, left, unit   time.Duration
		wantWait, wantLeft time.Duration
	}{
		{23 * time.Second, 3 * time.Second, time.Second, 23 * time.Second, 3 * time.Second},
		{4400 * ms, 4200 * ms, time.Second, 4400 * ms, 4200 * ms},
		{3740 * ms, 3710 * ms, 100 * ms, 3740 * ms, 3710 * ms},
		{3740 * ms, 3710 * ms, time.Second, 4 * time.Second, 3700 * ms},
		{5125 * ms, 4100 * ms, 100 * ms, 5100 * ms, 4100 * ms},
		{3700*ms + 400*time.Microsecond, 3700*ms + 100*time.Microsecond, 100 * ms, 3700*ms + 400*time.Microsecond, 3700*ms + 100*time.Microsecond},
	} {
		e := &TimeLimitError{Wait: tc.wait, Left: tc.left}
		w, l := e.Rounded(tc.unit)
		if w != tc.wantWait || l != tc.wantLeft {
			t.Errorf("Rounded(%v) of wait %v, left %v: %v and %v, want %v and %v", tc.unit, tc.wait, tc.left, w, l, tc.wantWait, tc.wantLeft)
		}
		if w <= l {
			t.Errorf("wait %v, left %v: shown as %v and %v, the retry not after the limit", tc.wait, tc.left, w, l)
		}
	}
	got := (&TimeLimitError{Wait: 4400 * ms, Left: 4200 * ms}).Error()
	if want := "not tried again: the call's time limit ends in 4.2s, before the next retry, due in 4.4s"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// TestSharedRetry_notWaitedLineApart: the line of a shared call's retry not
// waited for said "due in 3.7s): this read's own time limit ends in 3.7s,
// before it" of a retry 3.74s away with 3.71s left (seen under a rate
// limit in an apply with wait_for_approval): it shows them apart.
func TestSharedRetry_notWaitedLineApart(t *testing.T) {
	t.Parallel()
	var logs logCapture
	c := newTestClient(t, http.NotFoundHandler(), func(c *Config) { c.Log = logs.hook })
	r := sharedRetry{c: c, req: Request{Surface: SurfaceAutocall, Method: "GET", Path: "/api/v3/webhook/lists", Read: true},
		attempt: 2, of: 0, wait: 3740 * time.Millisecond, err: &APIError{HTTPStatus: http.StatusTooManyRequests}}
	c.logRetryNotWaited(t.Context(), r, &TimeLimitError{Wait: 3740 * time.Millisecond, Left: 3710 * time.Millisecond})
	lines := logs.all()
	if len(lines) != 1 {
		t.Fatalf("%d lines, want 1: %v", len(lines), lines)
	}
	want := "not waiting for the shared call's retry (attempt 3, after a rate limit, due in 3.74s): this read's own time limit ends in 3.71s, before it"
	if dec := lines[0].fields["decision"]; dec != want {
		t.Errorf("decision %q, want %q", dec, want)
	}
}
