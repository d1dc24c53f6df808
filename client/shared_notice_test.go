package client

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// notices collects the retry notices (WithRetryNotice) of one reader, and
// those told after the reader's read had returned.
type notices struct {
	mu    sync.Mutex
	lines []string
	late  []string
	left  bool
}

func (n *notices) ctx(parent context.Context) context.Context {
	return WithRetryNotice(parent, func(line string) {
		n.mu.Lock()
		defer n.mu.Unlock()
		if n.left {
			n.late = append(n.late, line)
			return
		}
		n.lines = append(n.lines, line)
	})
}

func (n *notices) leave() {
	n.mu.Lock()
	n.left = true
	n.mu.Unlock()
}

func (n *notices) got() (lines, late []string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]string(nil), n.lines...), append([]string(nil), n.late...)
}

// failingUsers answers every call with HTTP 503, the first after 300 ms
// (the readers of a test join it meanwhile).
//
// The tests below run in a synctest bubble on an in-process client
// (newBubbleClient): the 300 ms, the waits before a retry and the tests'
// own sleeps and time limits are on the bubble's clock, so the order of
// events they set up (a reader joins while the first attempt runs, leaves
// while the call waits to try again) holds on a machine of any load,
// where on the wall clock a busy machine could stretch one step past the
// next. They took about 1 s of real time each, and now none.
func failingUsers(calls *atomic.Int32) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) == 1 {
			time.Sleep(300 * time.Millisecond)
		}
		w.WriteHeader(http.StatusServiceUnavailable)
	})
}

// slowRetries: each wait before a retry is 1 to 2 s, long enough for a
// notice.
func slowRetries(maxRetries int) func(*Config) {
	return func(c *Config) {
		c.MaxRetries = maxRetries
		c.RetryWaitMin, c.RetryWaitMax = 2*time.Second, 2*time.Second
	}
}

// wantNotices checks that lines are one notice per retry of a users/list
// that failed with HTTP 503: attempts from, from+1, ..., to of of.
func wantNotices(t *testing.T, who string, lines []string, from, to, of int) {
	t.Helper()
	if len(lines) != to-from+1 {
		t.Errorf("%s was told %q, want one notice for each of attempts %d..%d of %d", who, lines, from, to, of)
		return
	}
	for i, l := range lines {
		prefix := "POST /v3/svcapi/users/list: the service answered HTTP 503; trying again in "
		if suffix := fmt.Sprintf(" (attempt %d of %d)", from+i, of); !strings.HasPrefix(l, prefix) || !strings.HasSuffix(l, suffix) {
			t.Errorf("%s: notice %q, want %q…%s", who, l, prefix, suffix)
		}
	}
}

// TestSharedRetryNotice_everyReaderHears: an action's progress shows a
// wait before a retry (WithRetryNotice), but a read shared by several
// readers (a finder's flight) told only the notice of the reader that
// began it: an action whose read joined one a refresh or another action
// began showed nothing while the call waited. Each reader waiting with a
// notice is now told of each wait, once.
func TestSharedRetryNotice_everyReaderHears(t *testing.T) {
	t.Parallel()
	for name, afterWrite := range map[string]bool{"collection read": false, "id batch": true} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) { everyReaderHears(t, afterWrite) })
		})
	}
}

func everyReaderHears(t *testing.T, afterWrite bool) {
	var calls atomic.Int32
	c := newBubbleClient(t, failingUsers(&calls), slowRetries(2))
	if afterWrite {
		c.gen.Add(1) // after a write: reads go out by ids
	}
	var first, second notices
	var wg sync.WaitGroup
	read := func(ctx context.Context, id int64) {
		if _, err := c.Agents.Get(ctx, id); err == nil {
			t.Errorf("agent %d: read succeeded, want the call's failure", id)
		}
	}
	// Agent 11's reader has no notice (a resource's refresh); in a
	// collection read it begins the call, which the others join.
	wg.Go(func() { read(t.Context(), 11) })
	if !afterWrite {
		time.Sleep(50 * time.Millisecond)
	}
	wg.Go(func() { read(first.ctx(t.Context()), 12) })
	wg.Go(func() { read(second.ctx(t.Context()), 13) })
	wg.Wait()
	if n := calls.Load(); n != 3 {
		t.Fatalf("%d calls, want 3 (one call of 3 attempts served the 3 reads)", n)
	}
	for who, n := range map[string]*notices{"agent 12's reader": &first, "agent 13's reader": &second} {
		lines, late := n.got()
		wantNotices(t, who, lines, 2, 3, 3)
		if len(late) > 0 {
			t.Errorf("%s was told %q after its read returned", who, late)
		}
	}
}

// TestSharedRetryNotice_notAfterLeaving: the shared call told the notice
// of the reader that began it also after that reader had left (its
// context ended: under Terraform, an action whose invoke had returned,
// whose progress nobody reads any more, so the call hung on it), and none
// to the reader still waiting. A reader is told of the waits while it
// waits, and of none after.
func TestSharedRetryNotice_notAfterLeaving(t *testing.T) {
	t.Parallel()
	synctest.Test(t, notAfterLeaving)
}

func notAfterLeaving(t *testing.T) {
	var calls atomic.Int32
	c := newBubbleClient(t, failingUsers(&calls), slowRetries(2))
	var first, second notices
	ctx, cancel := context.WithCancel(first.ctx(t.Context()))
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, err := c.Agents.Get(ctx, 21)
		first.leave()
		if err == nil || ctx.Err() == nil {
			t.Errorf("agent 21: %v, want the read ended by its context", err)
		}
	}()
	time.Sleep(50 * time.Millisecond)
	// The first reader leaves while the call waits to try again (the
	// first attempt ends at about 300 ms, the second at 1.3 s at least).
	time.AfterFunc(700*time.Millisecond, cancel)
	if _, err := c.Agents.Get(second.ctx(t.Context()), 22); err == nil {
		t.Error("agent 22: read succeeded, want the call's failure")
	}
	<-done
	lines, late := first.got()
	wantNotices(t, "the first reader", lines, 2, 2, 3)
	if len(late) > 0 {
		t.Errorf("the first reader was told %q after its read had returned", late)
	}
	lines, late = second.got()
	wantNotices(t, "the second reader", lines, 2, 3, 3)
	if len(late) > 0 {
		t.Errorf("the second reader was told %q after its read had returned", late)
	}
}

// TestSharedRetryNotice_joinsDuringWait: a reader that joins a shared
// call while it waits to try again is told of that wait (what is left of
// it), not only of the next.
func TestSharedRetryNotice_joinsDuringWait(t *testing.T) {
	t.Parallel()
	synctest.Test(t, joinsDuringWait)
}

func joinsDuringWait(t *testing.T) {
	var calls atomic.Int32
	c := newBubbleClient(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		w.WriteHeader(http.StatusServiceUnavailable)
	}), slowRetries(1))
	var wg sync.WaitGroup
	wg.Go(func() { _, _ = c.Agents.Get(t.Context(), 31) }) // a refresh: no notice
	time.Sleep(300 * time.Millisecond)                     // the call waits 1 to 2 s from about 0 s
	var joiner notices
	if _, err := c.Agents.Get(joiner.ctx(t.Context()), 32); err == nil {
		t.Error("agent 32: read succeeded, want the call's failure")
	}
	wg.Wait()
	if n := calls.Load(); n != 2 {
		t.Fatalf("%d calls, want 2 (one call of 2 attempts served both reads)", n)
	}
	lines, _ := joiner.got()
	wantNotices(t, "the reader that joined", lines, 2, 2, 2)
}

// TestSharedRetryNotice_timeLimitFirst: a reader whose time limit ends
// before the shared call's retry does not wait for it (retryWatch.wait),
// yet its notice said "trying again in 1s (attempt 2 of 3)": the call's
// context has no deadline. It says, as a call in the reader's own context
// does, that the read is not tried again.
func TestSharedRetryNotice_timeLimitFirst(t *testing.T) {
	t.Parallel()
	synctest.Test(t, sharedTimeLimitFirst)
}

func sharedTimeLimitFirst(t *testing.T) {
	var calls atomic.Int32
	c := newBubbleClient(t, failingUsers(&calls), slowRetries(1))
	var n notices
	ctx, cancel := context.WithTimeout(n.ctx(t.Context()), 800*time.Millisecond)
	defer cancel()
	_, err := c.Agents.Get(ctx, 41)
	if err == nil || !OutOfTime(ctx, err) {
		t.Fatalf("agent 41: %v, want its time limit", err)
	}
	lines, _ := n.got()
	const prefix = "POST /v3/svcapi/users/list: the service answered HTTP 503; not tried again: its time limit ends in "
	if len(lines) != 1 || !strings.HasPrefix(lines[0], prefix) || !strings.HasSuffix(lines[0], " a retry waits") ||
		strings.Contains(lines[0], "trying again") || strings.Contains(lines[0], "attempt") {
		t.Errorf("notices %q, want one %q… a retry waits", lines, prefix)
	}
	// The shared call goes on without the reader (in the finder's
	// context): it tries again at about 2.3 s of the bubble's clock. Let
	// it end before the bubble does.
	time.Sleep(3 * time.Second)
}
