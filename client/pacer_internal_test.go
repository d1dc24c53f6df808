package client

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// TestNewPacer: the interval between requests is 1/rate; a rate so small
// that it overflowed a Duration made the interval negative, and nothing
// was paced.
func TestNewPacer(t *testing.T) {
	t.Parallel()
	for rate, want := range map[float64]time.Duration{2: 500 * time.Millisecond, 0.5: 2 * time.Second, 1e-12: 100 * 365 * 24 * time.Hour, 1e-300: 100 * 365 * 24 * time.Hour} {
		if p := newPacer(rate); p == nil || p.interval != want {
			t.Errorf("newPacer(%g): %+v, want interval %v", rate, p, want)
		}
	}
	if p := newPacer(0); p == nil || p.interval != 0 {
		t.Errorf("rate 0 must not pace (until a 429): %+v", p)
	}
}

// TestPacerAdapts: without max_requests_per_second, an apply whose
// parallelism exceeded the platform's limit met it on every retry, and
// calls gave up while the platform only asked them to wait. A 429 slows
// the pace (by half again at most once a second, however many calls were
// refused at once, up to 1 s), and calls that succeed speed it up again,
// down to the configured rate.
func TestPacerAdapts(t *testing.T) {
	t.Parallel()
	p := newPacer(0)
	now := time.Now()
	for range 10 { // ten calls refused at once
		p.limited(now)
	}
	if p.interval != paceFirst {
		t.Fatalf("after a burst of 429s: interval %v, want %v", p.interval, paceFirst)
	}
	p.limited(now.Add(1100 * time.Millisecond))
	if p.interval != paceFirst*3/2 {
		t.Fatalf("a 429 a second later: interval %v, want %v", p.interval, paceFirst*3/2)
	}
	for i := range 10 {
		p.limited(now.Add(time.Duration(i+2) * 1100 * time.Millisecond))
	}
	if p.interval != paceMost {
		t.Fatalf("429s for ten seconds: interval %v, want the most, %v", p.interval, paceMost)
	}
	for range 1000 {
		p.succeeded()
	}
	if p.interval != 0 {
		t.Errorf("after 1,000 calls that succeeded: interval %v, want no pacing", p.interval)
	}
	// With a configured rate, never faster than it.
	q := newPacer(2)
	q.limited(now)
	if q.interval != 750*time.Millisecond {
		t.Errorf("2/s after a 429: interval %v, want 750ms", q.interval)
	}
	for range 1000 {
		q.succeeded()
	}
	if q.interval != 500*time.Millisecond {
		t.Errorf("2/s after successes: interval %v, want 500ms", q.interval)
	}
}

// TestPacerGivesBackTheTurnsOfCancelledWaits: Ctrl-C cut off the calls
// waiting for their turn under max_requests_per_second, but their turns
// stayed taken, and a call made after the interrupt outside its context
// (an interrupted create's lookup, an interrupted delete's read-back)
// waited behind all of them: about 10 s at 1 request per second with
// Terraform's parallelism of 10, longer than the lookup may take below
// 0.67 per second. It now takes the first turn given back, and turns stay
// at least the interval apart.
//
// In a synctest bubble: the ten waits have taken their turns when the
// 100 ms have passed on the bubble's clock, and the 1.5 s bound is on it,
// where a loaded machine could stretch either on the wall clock.
func TestPacerGivesBackTheTurnsOfCancelledWaits(t *testing.T) {
	t.Parallel()
	synctest.Test(t, pacerGivesBackTheTurnsOfCancelledWaits)
}

func pacerGivesBackTheTurnsOfCancelledWaits(t *testing.T) {
	p := newPacer(1)
	ctx, cancel := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() { defer wg.Done(); _ = p.wait(ctx) }()
	}
	time.Sleep(100 * time.Millisecond) // each has its turn, 1 s apart
	cancel()
	wg.Wait()
	start := time.Now()
	var turns []time.Duration
	for range 2 {
		lookup, done := context.WithTimeout(t.Context(), 4*time.Second)
		err := p.wait(lookup)
		done()
		if err != nil {
			t.Fatalf("a call after the interrupt waited %v and gave up (%v): the cancelled calls' turns were kept", time.Since(start), err)
		}
		turns = append(turns, time.Since(start))
	}
	if turns[0] > 1500*time.Millisecond {
		t.Errorf("the first call after the interrupt waited %v, want about 1 s (the turn after the one call that went)", turns[0])
	}
	if gap := turns[1] - turns[0]; gap < 900*time.Millisecond {
		t.Errorf("two calls %v apart, want at least the interval, 1 s", gap)
	}
}

// TestPacerSpacesDeparturesAfterAStall: the pacer gave each caller a turn
// one interval after the one before when it came, and spaced the turns
// only on that schedule: a process that was not scheduled for longer than
// several turns (a loaded machine, a GC pause) woke every caller whose
// turn had passed at once, and they left together, in any order. Under
// `max_requests_per_second = 5` an apply beside other work had 14 of 148
// requests answered 429 by a limit of 6/s (burst 3). The callers now leave
// at least the interval apart, in the order they came, however late the
// first of them wakes.
//
// In a synctest bubble: the pacer's hook (woke) holds the caller whose
// timer fired until the test lets it go, at 1 s on the bubble's clock, as
// the process that was not scheduled from 200 ms to 1 s.
func TestPacerSpacesDeparturesAfterAStall(t *testing.T) {
	t.Parallel()
	synctest.Test(t, pacerSpacesDeparturesAfterAStall)
}

func pacerSpacesDeparturesAfterAStall(t *testing.T) {
	p := newPacer(5)
	stalled := make(chan struct{})
	p.woke = func() { <-stalled }
	start := time.Now()
	var (
		mu    sync.Mutex
		order []int
		left  []time.Duration
		wg    sync.WaitGroup
	)
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.wait(t.Context()); err != nil {
				t.Errorf("caller %d: %v", i, err)
			}
			mu.Lock()
			order = append(order, i)
			left = append(left, time.Since(start))
			mu.Unlock()
		}()
		synctest.Wait() // caller i waits before caller i+1 comes
	}
	time.Sleep(time.Second) // the process is not scheduled until 1 s
	close(stalled)
	wg.Wait()
	for i := range order {
		if order[i] != i {
			t.Errorf("callers left in the order %v, want the order they came, %v", order, []int{0, 1, 2, 3, 4})
			break
		}
	}
	for i := 1; i < len(left); i++ {
		if gap := left[i] - left[i-1]; gap < p.interval {
			t.Errorf("callers left at %v: %v apart after the stall, want at least the interval, %v", left, gap, p.interval)
			break
		}
	}
	if left[0] != 0 || left[1] != time.Second {
		t.Errorf("callers left at %v, want the first at once and the second when the process runs again (1s)", left)
	}
}

// TestPacerOffDoesNotWait: without max_requests_per_second and before any
// 429, calls do not wait, however many come at once.
func TestPacerOffDoesNotWait(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		p := newPacer(0)
		start := time.Now()
		for range 10 {
			if err := p.wait(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		if d := time.Since(start); d != 0 {
			t.Errorf("10 calls without pacing waited %v, want none", d)
		}
		if len(p.queue) != 0 {
			t.Errorf("%d callers left in the queue", len(p.queue))
		}
	})
}

// TestPacerQueueKeepsNoWaiter: a caller that left the queue, by its turn
// or cancelled, stayed referenced from the queue's backing array (a
// removal shifted the callers behind it down and left the last slot as it
// was), so a burst of waiters kept their channels alive until later
// callers overwrote the slots. After every caller has left, many of them
// cancelled at once (the first among them), no slot holds one, and a
// caller after them waits only the interval.
func TestPacerQueueKeepsNoWaiter(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		p := newPacer(10)
		if err := p.wait(t.Context()); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		var wg sync.WaitGroup
		for i := range 40 {
			c := t.Context()
			if i%2 == 0 { // the first, and every other one, is cancelled
				c = ctx
			}
			wg.Add(1)
			go func() { defer wg.Done(); _ = p.wait(c) }()
			synctest.Wait()
		}
		time.Sleep(50 * time.Millisecond)
		cancel()
		wg.Wait()
		p.mu.Lock()
		n, held := len(p.queue), 0
		for _, w := range p.queue[:cap(p.queue)] {
			if w != nil {
				held++
			}
		}
		p.mu.Unlock()
		if n != 0 || held != 0 {
			t.Errorf("after every caller left: %d in the queue, %d still referenced from its backing array", n, held)
		}
		start := time.Now()
		if err := p.wait(t.Context()); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > p.interval {
			t.Errorf("a caller after them waited %v, want at most the interval, %v", d, p.interval)
		}
	})
}
