package client

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// TestSharedRetry_notWaitedLogged: a read shared by several readers (a
// finder's flight, the tasks' shared listing) runs without their
// deadlines; its line said "contactcenter API retry ... retrying in 20s"
// and a reader whose time limit ends before then returned at once
// (TimeLimitError) with nothing in the log saying it did not wait for that
// retry: an operator read a retry that no read was waiting for. The reader
// says so, once, at INFO: the call and attempt of the retry (as the retry
// line names them), that its own time limit ends first, and the waits.
//
// Each case runs in a synctest bubble on an in-process client: the first
// attempt is answered within the reader's 3 s limit on the bubble's
// clock, whatever the machine's load (without it, no retry line).
func TestSharedRetry_notWaitedLogged(t *testing.T) {
	t.Parallel()
	for name, read := range map[string]func(*Client, context.Context) error{
		"finder flight": func(c *Client, ctx context.Context) error {
			_, err := c.Agents.Get(ctx, 7)
			return err
		},
		"task listing": func(c *Client, ctx context.Context) error {
			_, err := c.Tasks.listed(7)(ctx)
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) { sharedRetryNotWaitedLogged(t, read) })
		})
	}
}

func sharedRetryNotWaitedLogged(t *testing.T, read func(*Client, context.Context) error) {
	var logs logCapture
	c := newBubbleClient(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}), func(c *Config) {
		c.Log = logs.hook
		c.RetryWaitMin, c.RetryWaitMax = 20*time.Second, 20*time.Second
	})
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
	defer cancel()
	if err := read(c, ctx); err == nil || !OutOfTime(ctx, err) {
		t.Fatalf("error %v: want the reader's time limit (TimeLimitError)", err)
	}
	var retry, cut []logLine
	for _, l := range logs.all() {
		switch l.msg {
		case "contactcenter API retry":
			retry = append(retry, l)
		case "contactcenter API retry not waited for":
			cut = append(cut, l)
		}
	}
	if len(retry) != 1 || len(cut) != 1 {
		t.Fatalf("%d retry lines and %d lines of the retry not waited for, want 1 and 1: %v", len(retry), len(cut), logs.all())
	}
	r, l := retry[0].fields, cut[0].fields
	if !OperatorLine(cut[0].msg, l) {
		t.Errorf("the line is not an operator's line (INFO): %v", l)
	}
	for _, k := range []string{"call", "attempt", "max_attempts", "path", "surface"} {
		if l[k] != r[k] {
			t.Errorf("%s %v: want the retry line's, %v", k, l[k], r[k])
		}
	}
	dec, _ := l["decision"].(string)
	if !strings.HasPrefix(dec, "not waiting for the shared call's retry (attempt 2 of 4, due in ") ||
		!strings.Contains(dec, "): this read's own time limit ends in ") || !strings.HasSuffix(dec, ", before it") {
		t.Errorf("decision %q: want the retry it does not wait for and why", dec)
	}
	// The retry's wait is 20s with jitter (retryDelay): at least
	// half of it, and past the reader's 3s time limit.
	if w, ok := l["wait_ms"].(int64); !ok || w < 9000 {
		t.Errorf("wait_ms %v: want the wait until the retry, past the reader's time limit", l["wait_ms"])
	}
	if left, ok := l["left_ms"].(int64); !ok || left <= 0 || left > 3000 {
		t.Errorf("left_ms %v: want what the reader's time limit left", l["left_ms"])
	}
	if l["reason"] != r["reason"] || l["reason"] == nil {
		t.Errorf("reason %v: want the retried failure's, %v", l["reason"], r["reason"])
	}
	// The shared read, detached from this reader, goes on with its
	// retries 20s apart; the bubble ends once it has (bubble time).
	time.Sleep(2 * time.Minute)
}
