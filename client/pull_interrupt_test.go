package client

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// TestPullInterruptedKeepsRecords: a pull takes its records off the
// gateway's queue (§6.5). Interrupted while the gateway answers (Ctrl-C in
// `ccsync sms status pull`), it used to drop the connection and return
// context.Canceled: the records were off the queue and nowhere else. Now a
// pull once sent finishes and returns them; one not yet sent is not sent.
func TestPullInterruptedKeepsRecords(t *testing.T) {
	t.Parallel()
	var pulls atomic.Int32
	ctx, cancel := context.WithCancel(t.Context())
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		pulls.Add(1)
		// Interrupted once the gateway has the pull (a timer of 30 ms
		// could end it before it was sent on a loaded machine: then,
		// rightly, nothing was sent, and the test failed).
		cancel()
		time.Sleep(100 * time.Millisecond) // the records are off the queue now
		_, _ = w.Write([]byte(`{"code":0,"msg":"","count":1,"data":[{"smsId":"a","state":"SUCCESS","mobile":"13800000001"}]}`))
	}))
	got, err := c.Gateway.Pull(ctx, PullDelivery, 100)
	if err != nil || len(got) != 1 {
		t.Fatalf("interrupted pull = %d records, %v; want the record the gateway took off its queue", len(got), err)
	}
	if _, err := c.Gateway.Pull(ctx, PullDelivery, 100); !errors.Is(err, context.Canceled) {
		t.Errorf("a pull after the interrupt: %v, want context.Canceled", err)
	}
	if n := pulls.Load(); n != 1 {
		t.Errorf("%d pulls reached the gateway, want 1", n)
	}
}

// TestPullInterruptedWhileRateLimited: a pull the gateway refused with
// HTTP 429 (nothing taken off the queue) waits its Retry-After before it
// is sent again, up to 5 minutes in all. The whole pull ran under
// context.WithoutCancel, so Ctrl-C in `ccsync sms status pull` (which
// catches every interrupt) did nothing during that wait: the run went on
// until the rate limit let it through or the patience ran out. The wait
// ends at the interrupt; only an attempt under way is let finish.
//
// In a synctest bubble on an in-process client: the interrupt 100 ms in
// comes during the Retry-After wait on the bubble's clock. On a listener
// and the wall clock a loaded machine could let the 100 ms pass before
// the pull was sent (then nothing reached the gateway: "0 pulls"), and
// the 5 s bound was the wall clock's.
func TestPullInterruptedWhileRateLimited(t *testing.T) {
	t.Parallel()
	synctest.Test(t, pullInterruptedWhileRateLimited)
}

func pullInterruptedWhileRateLimited(t *testing.T) {
	var pulls atomic.Int32
	c := newBubbleClient(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		pulls.Add(1)
		w.Header().Set("Retry-After", "60")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(`{"code":429,"msg":"rate limit exceeded"}`))
	}), func(cfg *Config) { cfg.RateLimitPatience = time.Hour })
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	done := make(chan error, 1)
	go func() {
		_, err := c.Gateway.Pull(ctx, PullDelivery, 100)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) || !IsRateLimited(err) {
			t.Errorf("pull interrupted while rate limited: %v, want the 429 and context.Canceled", err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("the interrupted pull took %v to stop", d)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the pull still waits out the rate limit 10s after the interrupt")
	}
	if n := pulls.Load(); n != 1 {
		t.Errorf("%d pulls reached the gateway, want 1", n)
	}
}

// TestPullInterruptedWhileConnecting: a pull interrupted while its
// connection is made (a gateway that takes the TCP connection and does not
// finish the TLS handshake) has sent nothing, and nothing is lost by
// stopping it. It ran detached from the interrupt from the start, so
// `ccsync sms status pull` sat out Go's 10 s TLS handshake time-out (or
// request_timeout) after Ctrl-C. It stops at the interrupt, as not sent.
func TestPullInterruptedWhileConnecting(t *testing.T) {
	t.Parallel()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	var held []net.Conn
	var mu sync.Mutex
	accepted := make(chan struct{}, 1)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			held = append(held, c) // never answers the handshake
			mu.Unlock()
			select {
			case accepted <- struct{}{}:
			default:
			}
		}
	}()
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range held {
			_ = c.Close()
		}
	})
	c := newTestClient(t, http.NotFoundHandler(), func(cfg *Config) {
		cfg.URLs[SurfaceSMSAPI] = "https://" + ln.Addr().String() + SurfacePrefixes[SurfaceSMSAPI]
		cfg.Timeout = time.Minute
	})
	// Interrupted once the connection is made, while the client waits for
	// the handshake, and timed from the interrupt: a timer of 200 ms from
	// the start, under a bound of 2 s from the start, could come before
	// the dial on a loaded machine (then it tested a pull not yet
	// connecting), and counted the dial's time against the bound.
	ctx, cancel := context.WithCancel(t.Context())
	interrupted := make(chan time.Time, 1)
	go func() {
		select {
		case <-accepted:
			time.Sleep(20 * time.Millisecond) // into the handshake's wait
		case <-time.After(10 * time.Second):
		}
		interrupted <- time.Now()
		cancel()
	}()
	_, err = c.Gateway.Pull(ctx, PullDelivery, 100)
	stopped := time.Now()
	if d := stopped.Sub(<-interrupted); d > 1800*time.Millisecond {
		t.Errorf("the pull stopped %v after the interrupt; want at once", d)
	}
	if !errors.Is(err, context.Canceled) || !NotSent(err) {
		t.Errorf("pull interrupted while connecting: %v, want context.Canceled, not sent", err)
	}
}

// TestStartGate: an interrupt that comes before the connection keeps the
// request from being written, even when the connection arrives right
// after (the body is not read); one after the connection lets it finish.
func TestStartGate(t *testing.T) {
	t.Parallel()
	g := &startGate{}
	if !g.stop() || g.start() {
		t.Fatal("an interrupt before the connection did not stop the attempt")
	}
	if n, err := (&gatedReader{gate: g, r: strings.NewReader(`{"max":100}`)}).Read(make([]byte, 64)); n != 0 || !errors.Is(err, errStoppedBeforeSent) {
		t.Errorf("body read after the interrupt: %d bytes, %v", n, err)
	}
	g = &startGate{}
	if !g.start() || g.stop() || g.wasStopped() {
		t.Fatal("an interrupt after the connection stopped the attempt")
	}
	if n, err := (&gatedReader{gate: g, r: strings.NewReader(`{"max":100}`)}).Read(make([]byte, 64)); n != 11 || err != nil {
		t.Errorf("body read: %d bytes, %v", n, err)
	}
}
