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
	// givenBack holds the turns of waits that ended before them (their
	// context was cancelled), for later callers.
	givenBack []time.Time
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

// wait blocks until the caller's turn, or until ctx ends. A wait that ends
// before its turn gives the turn back, for the next caller to take: the
// turns of calls cut off by Ctrl-C were kept, and the calls made after it
// outside the cancelled context (an interrupted create's lookup, an
// interrupted delete's read-back) waited behind all of them: at
// max_requests_per_second = 1 and a parallelism of 10, about 10 s, and
// below 0.67 per second longer than the 15 s such a lookup may take, so
// it failed and a created object was left out of the state.
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
	turn, ok := p.takeGivenBack(now)
	if !ok {
		turn = p.next
		if turn.Before(now) {
			turn = now
		}
		p.next = turn.Add(p.interval)
	}
	p.mu.Unlock()
	err := Sleep(ctx, time.Until(turn))
	if err != nil && time.Until(turn) > 0 {
		p.mu.Lock()
		p.givenBack = append(p.givenBack, turn)
		p.mu.Unlock()
	}
	return err
}

// takeGivenBack removes and returns the earliest turn given back that is
// still to come (one already past is dropped: taking it now could come
// closer than interval to the turn after it); false when there is none.
// The caller holds mu.
func (p *pacer) takeGivenBack(now time.Time) (time.Time, bool) {
	kept, best := p.givenBack[:0], -1
	for _, t := range p.givenBack {
		if t.Before(now) {
			continue
		}
		if best < 0 || t.Before(kept[best]) {
			best = len(kept)
		}
		kept = append(kept, t)
	}
	p.givenBack = kept
	if best < 0 {
		return time.Time{}, false
	}
	t := kept[best]
	p.givenBack = append(kept[:best], kept[best+1:]...)
	return t, true
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
