package client

import (
	"testing"
	"testing/synctest"
	"time"
)

// TestRateLimited_clientSlowsDown: after an HTTP 429 the client spaces its
// next requests (100 ms apart at first, 5% less after each success), with
// no max_requests_per_second configured: the calls that follow a refusal
// do not meet the limit again at once. Dropping the pacer's notice of the
// 429 sent them back to back, and every test still passed.
//
// In a synctest bubble on an in-process client (newBubbleClient): the
// pacer's spacing and the arrivals are on the bubble's clock, which a
// loaded machine cannot stretch or squeeze.
func TestRateLimited_clientSlowsDown(t *testing.T) {
	t.Parallel()
	synctest.Test(t, clientSlowsDown)
}

func clientSlowsDown(t *testing.T) {
	h := &tooMany{fails: 1, retryAfter: "0", ok: `{"code":200,"message":"ok"}`}
	c := newBubbleClient(t, h)
	for range 4 {
		if err := c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/v2/svcapi/queue/list", Envelope: EnvelopePortal, Read: true, Idempotent: true}, nil); err != nil {
			t.Fatal(err)
		}
	}
	at := h.arrivals()
	if len(at) != 5 {
		t.Fatalf("%d requests, want 5 (one refused, its retry, three more)", len(at))
	}
	// at[0] was refused; from its retry on, each request waits its turn,
	// about 100ms (5% less after each success). Taken two gaps at a time:
	// an arrival the server records late on a busy machine shortens one
	// gap by as much as it lengthens the next (one gap alone fell to 48ms
	// in make test beside other work), and a pacer that left any gap out
	// leaves a pair of about 100ms (the two about 185ms when both wait).
	for i := 3; i < len(at); i++ {
		if pair := at[i].Sub(at[i-2]); pair < 120*time.Millisecond {
			t.Errorf("requests %d to %d sent within %v, following an HTTP 429; want about 100ms between each (the client slowing down)", i-1, i+1, pair)
		}
	}
}

// TestRateLimited_clientSpeedsUpAgain: after an HTTP 429 the spacing of
// the requests shrinks by 5% with each call that succeeds (from 100 ms, to
// about 30 ms after 24 calls), rather than staying slow for the rest of
// the walk. Dropping the pacer's notice of successes kept every later
// request 100 ms apart, and every test still passed.
//
// In a synctest bubble on an in-process client (newBubbleClient): the
// pacer's spacing and the arrivals are on the bubble's clock, which a
// loaded machine cannot stretch or squeeze.
func TestRateLimited_clientSpeedsUpAgain(t *testing.T) {
	t.Parallel()
	synctest.Test(t, clientSpeedsUpAgain)
}

func clientSpeedsUpAgain(t *testing.T) {
	h := &tooMany{fails: 1, retryAfter: "0", ok: `{"code":200,"message":"ok"}`}
	c := newBubbleClient(t, h)
	for range 25 {
		if err := c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/v2/svcapi/queue/list", Envelope: EnvelopePortal, Read: true, Idempotent: true}, nil); err != nil {
			t.Fatal(err)
		}
	}
	at := h.arrivals()
	if len(at) != 26 {
		t.Fatalf("%d requests, want 26 (one refused, its retry, 24 more)", len(at))
	}
	// The last gaps are taken at their shortest: a busy machine only
	// lengthens a gap, and a pacer that stayed slow keeps every one of
	// them about 100ms.
	first, last := at[2].Sub(at[1]), at[len(at)-1].Sub(at[len(at)-2])
	for i := len(at) - 5; i < len(at)-1; i++ {
		last = min(last, at[i].Sub(at[i-1]))
	}
	if first < 50*time.Millisecond || last > 75*time.Millisecond {
		t.Errorf("after an HTTP 429: requests %v apart at first and at least %v apart 24 calls later; want about 100ms, then about 30ms", first, last)
	}
}
