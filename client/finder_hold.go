package client

import (
	"sync"
	"time"
)

// An apply that changes one attribute of many objects (a for_each over
// hundreds of agents) writes each and reads each back. The read-backs
// reach the finder one by one, as their writes end, a few milliseconds
// apart, and each went out as its own users/list: 500 agents changed cost
// 500 users/edit and 456 users/list. So a batch of reads by ids whose
// window ends while writes through the client are in flight holds on
// (finder.flush): it waits until the writes begun by then have ended, at
// most finderHold, and one finderWindow more for their read-backs to join
// it, and then goes out as one call. The rule of the finder is unchanged:
// every id of the batch was asked after its own write was answered, and
// the call begins after all of them (its stamp is taken when it begins),
// so a read-back sees its write, and whatever anyone changed before the
// call. Writes begun after the window ended are not waited for (an apply
// always has another write in flight: a batch waiting for all of them
// would wait finderHold every time). With no write in flight (a plan) it
// costs nothing.

// finderHold bounds how long a batch of reads by ids waits for the writes
// in flight (a retry's wait, a slow write, holds no read longer).
const finderHold = 250 * time.Millisecond

// writesInFlight follows the write attempts of a client.
type writesInFlight struct {
	mu   sync.Mutex
	seq  uint64              // attempts begun
	open map[uint64]struct{} // attempts not ended, by their seq
	// ended is closed (and replaced) when an attempt ends.
	ended chan struct{}
}

// begin records a write attempt; the func returned records its end.
func (w *writesInFlight) begin() func() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.seq++
	n := w.seq
	if w.open == nil {
		w.open, w.ended = map[uint64]struct{}{}, make(chan struct{})
	}
	w.open[n] = struct{}{}
	return func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		delete(w.open, n)
		close(w.ended)
		w.ended = make(chan struct{})
	}
}

// settle waits until the write attempts begun before it have ended, at
// most hold; it reports whether it waited for any.
func (w *writesInFlight) settle(hold time.Duration) bool {
	w.mu.Lock()
	last := w.seq
	w.mu.Unlock()
	var timeout <-chan time.Time
	for waited := false; ; waited = true {
		w.mu.Lock()
		pending := false
		for n := range w.open {
			if n <= last {
				pending = true
				break
			}
		}
		ended := w.ended
		w.mu.Unlock()
		if !pending {
			return waited
		}
		if timeout == nil {
			t := time.NewTimer(hold)
			defer t.Stop()
			timeout = t.C
		}
		select {
		case <-ended:
		case <-timeout:
			return true
		}
	}
}
