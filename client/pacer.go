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
type pacer struct {
	interval time.Duration

	mu   sync.Mutex
	next time.Time
}

// newPacer returns a pacer for perSecond requests per second, or nil for
// no pacing (zero, negative or not a number).
func newPacer(perSecond float64) *pacer {
	if !(perSecond > 0) || math.IsInf(perSecond, 0) {
		return nil
	}
	// A rate so small that the interval would overflow a Duration (it went
	// negative, and nothing waited) waits a century.
	const longest = float64(100 * 365 * 24 * time.Hour)
	return &pacer{interval: time.Duration(min(float64(time.Second)/perSecond, longest))}
}

// wait blocks until the caller's turn, or until ctx ends.
func (p *pacer) wait(ctx context.Context) error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	now := time.Now()
	turn := p.next
	if turn.Before(now) {
		turn = now
	}
	p.next = turn.Add(p.interval)
	p.mu.Unlock()
	return Sleep(ctx, time.Until(turn))
}
