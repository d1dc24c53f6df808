package client

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// readerKey marks the context of a reader, as a request's tf_req_id does
// under Terraform.
type readerKey struct{}

// ctxLog collects the lines of the Log hook with the reader of the
// context each was written in (nil: a context without a reader's values,
// whose line tflog drops).
type ctxLog struct {
	mu    sync.Mutex
	lines []ctxLine
}

type ctxLine struct {
	msg    string
	fields map[string]any
	reader any
}

func (l *ctxLog) hook(ctx context.Context, msg string, fields map[string]any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, ctxLine{msg, fields, ctx.Value(readerKey{})})
}

func (l *ctxLog) decisions() []ctxLine {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []ctxLine
	for _, x := range l.lines {
		if x.msg == "contactcenter API retry" || x.msg == "contactcenter API giving up" {
			out = append(out, x)
		}
	}
	return out
}

// requestCtx is a request's context as the provider's Detached hands it:
// once the request returned (end), it is canceled and has no values.
type requestCtx struct {
	context.Context
	ended atomic.Bool
}

func (c *requestCtx) end() { c.ended.Store(true) }

func (c *requestCtx) Value(key any) any {
	if c.ended.Load() {
		return nil
	}
	return c.Context.Value(key)
}

func (c *requestCtx) Err() error {
	if c.ended.Load() {
		return context.Canceled
	}
	return c.Context.Err()
}

// TestSharedCall_linesNameWhatItServes: a read shared by several readers
// that failed wrote its retry and giving-up lines in the first reader's
// context, naming none of the objects it served: with TF_LOG=INFO, a
// refresh whose batched users/list gave up said which call failed, and
// not which agents' reads it failed. Each line now names every object the
// call serves (serves, serves_count), the collection read its readers',
// an id batch's call the ids it asks.
//
// In a synctest bubble on an in-process client (newBubbleClient): the
// readers joining the first attempt, and the id batch's window, are on the
// bubble's clock. On the wall clock a loaded .ci/run let the window close
// before the third reader came: "8 calls, want 4".
func TestSharedCall_linesNameWhatItServes(t *testing.T) {
	t.Parallel()
	for name, afterWrite := range map[string]bool{"collection read": false, "id batch": true} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) { linesNameWhatItServes(t, afterWrite) })
		})
	}
}

func linesNameWhatItServes(t *testing.T, afterWrite bool) {
	var logs ctxLog
	var calls atomic.Int32
	c := newBubbleClient(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) == 1 {
			time.Sleep(300 * time.Millisecond) // every reader joins the first attempt
		}
		w.WriteHeader(http.StatusServiceUnavailable)
	}), func(c *Config) { c.Log = logs.hook })
	if afterWrite {
		c.gen.Add(1) // after a write: reads go out by ids
	}
	ids := []int64{11, 12, 13}
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Go(func() {
			ctx := context.WithValue(t.Context(), readerKey{}, id)
			if _, err := c.Agents.Get(ctx, id); err == nil {
				t.Errorf("agent %d: read succeeded, want the call's failure", id)
			}
		})
	}
	wg.Wait()
	if n := calls.Load(); n != 4 {
		t.Fatalf("%d calls, want 4 (one call of 4 attempts served the 3 reads)", n)
	}
	lines := logs.decisions()
	if len(lines) != 4 {
		t.Fatalf("%d retry and giving-up lines, want 4: %v", len(lines), lines)
	}
	for _, l := range lines {
		s, _ := l.fields["serves"].(string)
		if l.fields["serves_count"] != 3 || !strings.HasPrefix(s, "agent ") {
			t.Errorf("%s: serves %q (%v objects), want the 3 agents: %v", l.msg, s, l.fields["serves_count"], l.fields)
		}
		for _, id := range ids {
			if !strings.Contains(s, strconv.FormatInt(id, 10)) {
				t.Errorf("%s: serves %q does not name agent %d", l.msg, s, id)
			}
		}
		if l.reader == nil {
			t.Errorf("%s: written in a context of no reader", l.msg)
		}
	}
	if d, _ := lines[3].fields["decision"].(string); d != "giving up after 4 of 4 attempts" {
		t.Errorf("decision %q: the wording changed", d)
	}

}

// TestSharedCall_linesOutliveFirstReader: a shared call runs in the
// context of the reader that began it, detached from its cancellation;
// once that reader's request returned (its own time limit ended before
// the call's retry: the provider's Detached then empties the context),
// the call's later retry and giving-up lines had no values and tflog
// dropped them, though another reader still waited on the call. They are
// now written through a reader still waiting, and name the objects still
// waited for.
//
// In a synctest bubble on an in-process client (newBubbleClient): the
// order it sets up (the first reader begins the call, the second joins
// its first attempt, the first's time limit ends before the retry) is on
// the bubble's clock. On the wall clock a loaded machine let the 50 ms
// pass before the first reader had begun the call, so the second began
// it (2 runs in 5 with 6 busy loops).
func TestSharedCall_linesOutliveFirstReader(t *testing.T) {
	t.Parallel()
	synctest.Test(t, linesOutliveFirstReader)
}

func linesOutliveFirstReader(t *testing.T) {
	var logs ctxLog
	var calls atomic.Int32
	c := newBubbleClient(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) == 1 {
			time.Sleep(200 * time.Millisecond) // the second reader joins the first attempt
		}
		w.WriteHeader(http.StatusServiceUnavailable)
	}), func(c *Config) {
		c.Log = logs.hook
		c.MaxRetries = 2
		c.RetryWaitMin, c.RetryWaitMax = 400*time.Millisecond, 400*time.Millisecond
	})
	first := &requestCtx{Context: context.WithValue(t.Context(), readerKey{}, "first")}
	short, cancel := context.WithTimeout(first, 300*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := c.Agents.Get(short, 21)
		first.end() // its request returned
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	second := context.WithValue(t.Context(), readerKey{}, "second")
	if _, err := c.Agents.Get(second, 22); err == nil {
		t.Fatal("agent 22: read succeeded, want the call's failure")
	}
	if err := <-done; err == nil || !OutOfTime(short, err) {
		t.Fatalf("first reader: %v, want its time limit", err)
	}
	lines := logs.decisions()
	var got []string
	for _, l := range lines {
		got = append(got, fmt.Sprintf("%s in %v serving %v", l.msg, l.reader, l.fields["serves"]))
	}
	want := []string{
		"contactcenter API retry in first serving agent 21, 22",
		"contactcenter API retry in second serving agent 22",
		"contactcenter API giving up in second serving agent 22",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSharedCall_servesBounded: a call of an id batch asks up to 500 ids
// (users/list); its lines name servesShown of them and count the rest.
func TestSharedCall_servesBounded(t *testing.T) {
	t.Parallel()
	w := &retryWatch{what: "agent"}
	ids := make([]string, 500)
	for i := range ids {
		ids[i] = strconv.Itoa(1000 + i)
	}
	text, n := (&sharedCall{w: w, ids: ids}).serves()
	if want := "agent 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009 and 490 more"; text != want || n != 500 {
		t.Errorf("serves %q (%d), want %q (500)", text, n, want)
	}
	defer w.join(context.Background(), "", "")()
	defer w.join(context.Background(), "webhook", "7")()
	defer w.join(context.Background(), "", "")()
	if text, n := (&sharedCall{w: w}).serves(); text != "webhook 7 and 2 reads of the whole list" || n != 3 {
		t.Errorf("serves %q (%d), want a webhook and 2 reads of the whole list", text, n)
	}
}

// TestSharedCall_taskListingNamesTasks: the tasks' shared listing (the
// check that a task whose detail failed is still listed) names the tasks
// its readers check: the checks that arrive while a listing is in flight
// share the one queued after it.
//
// In a synctest bubble on an in-process client: check 7's listing is in
// flight (its first answer 300 ms late) before checks 8 and 9 begin 100 ms
// in, on the bubble's clock. On the wall clock a loaded machine could
// start check 7 after them, or check 8 or 9 after the listing they were
// to queue behind had ended.
func TestSharedCall_taskListingNamesTasks(t *testing.T) {
	t.Parallel()
	synctest.Test(t, taskListingNamesTasks)
}

func taskListingNamesTasks(t *testing.T) {
	var logs ctxLog
	var calls atomic.Int32
	c := newBubbleClient(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) == 1 {
			time.Sleep(300 * time.Millisecond) // the later checks queue meanwhile
		}
		w.WriteHeader(http.StatusServiceUnavailable)
	}), func(c *Config) { c.Log = logs.hook })
	check := func(id int64) {
		if _, err := c.Tasks.listed(id)(context.WithValue(t.Context(), readerKey{}, id)); err == nil {
			t.Errorf("task %d: the check succeeded, want the listing's failure", id)
		}
	}
	var wg sync.WaitGroup
	wg.Go(func() { check(7) })
	time.Sleep(100 * time.Millisecond)
	for _, id := range []int64{8, 9} {
		wg.Go(func() { check(id) })
	}
	wg.Wait()
	shared := 0
	for _, l := range logs.decisions() {
		s, _ := l.fields["serves"].(string)
		switch {
		case s == "outbound task 7" && l.fields["serves_count"] == 1:
		case (s == "outbound task 8, 9" || s == "outbound task 9, 8") && l.fields["serves_count"] == 2:
			shared++
		default:
			t.Errorf("%s: serves %q (%v), want task 7 alone or tasks 8 and 9", l.msg, s, l.fields["serves_count"])
		}
	}
	if shared != 4 {
		t.Errorf("%d lines of the queued listing name tasks 8 and 9, want 4 (3 retries, giving up)", shared)
	}
}
