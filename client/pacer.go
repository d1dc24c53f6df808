package client

import (
	"context"
	"math"
	"sync"
	"time"
)

// pacer spaces the requests of one client evenly: each starts at least
// interval after the one before, whichever goroutine sends it. Evenly
// spaced requests stay under a limit however the service counts (a fixed
// window or a token bucket). A nil pacer does not wait.
//
// The interval adapts to the service's rate limit: an HTTP 429 makes it
// half as long again (at most once a second, whatever number of calls were
// refused at once; from 100 ms, up to 1 s), and each call that succeeds
// takes 5% off it, down to the configured floor (MaxRequestsPerSecond; none
// without it). Without the adaptation, every call of an apply whose
// parallelism exceeds the limit met the limit again on each retry.
type pacer struct {
	mu       sync.Mutex
	interval time.Duration
	floor    time.Duration
	next     time.Time
	raised   time.Time
}

// Bounds of the adaptive interval.
const (
	paceFirst = 100 * time.Millisecond
	paceMost  = time.Second
)

// newPacer returns a pacer for perSecond requests per second, or one that
// paces only after a 429 for no pacing (zero, negative or not a number).
func newPacer(perSecond float64) *pacer {
	if !(perSecond > 0) || math.IsInf(perSecond, 0) {
		return &pacer{}
	}
	// A rate so small that the interval would overflow a Duration (it went
	// negative, and nothing waited) waits a century.
	const longest = float64(100 * 365 * 24 * time.Hour)
	d := time.Duration(min(float64(time.Second)/perSecond, longest))
	return &pacer{interval: d, floor: d}
}

// wait blocks until the caller's turn, or until ctx ends.
func (p *pacer) wait(ctx context.Context) error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	if p.interval <= 0 {
		p.mu.Unlock()
		return nil
	}
	now := time.Now()
	turn := p.next
	if turn.Before(now) {
		turn = now
	}
	p.next = turn.Add(p.interval)
	p.mu.Unlock()
	return Sleep(ctx, time.Until(turn))
}

// limited slows the pace after an HTTP 429 answered at now.
func (p *pacer) limited(now time.Time) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if now.Sub(p.raised) < time.Second || p.interval >= max(paceMost, p.floor) {
		return
	}
	p.raised = now
	p.interval = min(max(p.interval*3/2, paceFirst), max(paceMost, p.floor))
}

// succeeded speeds the pace up again after a call that was not refused.
func (p *pacer) succeeded() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.interval <= p.floor {
		return
	}
	p.interval -= p.interval / 20
	if p.interval < p.floor || (p.floor == 0 && p.interval < 10*time.Millisecond) {
		p.interval = p.floor
	}
}
