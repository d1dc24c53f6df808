package client

import (
	"context"
	"math"
	"slices"
	"sync"
	"time"
)

// pacer spaces the requests of one client evenly: each leaves at least
// interval after the one before, whichever goroutine sends it. Evenly
// spaced requests stay under a limit however the service counts (a fixed
// window or a token bucket). A nil pacer does not wait.
//
// The callers wait in a queue, in the order they came (FIFO): only the
// first in it waits for the time, interval after the last departure, and
// each departure lets the next become first. The spacing holds where the
// requests leave: turns assigned ahead on a schedule (one interval apart
// from when each caller came) held it only on the schedule, and a process
// that stalled past several turns (a machine busy with other work, a GC
// pause) woke every caller whose turn had passed at once; they left
// together, and the platform answered 429 to the burst. A caller whose
// wait ends before its turn (its context was cancelled, Ctrl-C) leaves the
// queue, and the callers behind it move up: its turn is given back.
//
// The interval adapts to the service's rate limit: an HTTP 429 makes it
// half as long again (at most once a second, whatever number of calls were
// refused at once; from 100 ms, up to 1 s), and each call that succeeds
// takes 5% off it, down to the configured floor (MaxRequestsPerSecond; none
// without it). Without the adaptation, every call of an apply whose
// parallelism exceeds the limit met the limit again on each retry. The
// first in the queue waits on the interval as it is when its wait ends.
type pacer struct {
	mu       sync.Mutex
	interval time.Duration
	floor    time.Duration
	// last is when the last call left (its wait returned).
	last   time.Time
	raised time.Time
	// queue holds the callers waiting, in the order they came; the first
	// is the one whose turn is next.
	queue []*paceWaiter
	// woke, when set (tests), runs when the first caller's timer fires,
	// before it looks at the time: a test blocks it there to stand for a
	// process that was not scheduled when its timer fired.
	woke func()
}

// paceWaiter is one caller in the pacer's queue; first is closed when it
// becomes the first.
type paceWaiter struct {
	first chan struct{}
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

// wait blocks until the caller's turn, or until ctx ends: interval after
// the call that left before it, behind the callers that came before it. A
// wait that ends before its turn gives the turn back, for the callers
// behind it: the turns of calls cut off by Ctrl-C were kept, and the calls
// made after it outside the cancelled context (an interrupted create's
// lookup, an interrupted delete's read-back) waited behind all of them: at
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
	if err := ctx.Err(); err != nil {
		p.mu.Unlock()
		return err
	}
	w := &paceWaiter{first: make(chan struct{})}
	p.queue = append(p.queue, w)
	if len(p.queue) == 1 {
		close(w.first)
	}
	p.mu.Unlock()

	select {
	case <-ctx.Done():
		p.leave(w)
		return ctx.Err()
	case <-w.first:
	}
	for {
		p.mu.Lock()
		now := time.Now()
		due := p.last.Add(p.interval)
		if p.interval <= 0 || !now.Before(due) {
			p.last = now
			p.removeLocked(w)
			p.mu.Unlock()
			return nil
		}
		p.mu.Unlock()
		if err := Sleep(ctx, due.Sub(now)); err != nil {
			p.leave(w)
			return err
		}
		if p.woke != nil {
			p.woke()
		}
	}
}

// leave takes w out of the queue, its wait ended before its turn.
func (p *pacer) leave(w *paceWaiter) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.removeLocked(w)
}

// removeLocked takes w out of the queue and, when it was the first, makes
// the next one first. The caller holds mu.
func (p *pacer) removeLocked(w *paceWaiter) {
	for i, q := range p.queue {
		if q != w {
			continue
		}
		// slices.Delete clears the slot it frees: a shift alone left the
		// callers that had gone referenced from the backing array.
		p.queue = slices.Delete(p.queue, i, i+1)
		if i == 0 && len(p.queue) > 0 {
			close(p.queue[0].first)
		}
		return
	}
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
