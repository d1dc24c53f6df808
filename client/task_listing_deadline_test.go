package client

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// TestTaskListing_readerDeadline: the check whether tasks are still
// listed (projects/lists, after a detail answered "object does not
// exist") reads the listing in a call its readers share, detached from
// their deadlines. A reader with a time limit (a refresh under
// timeouts.read) whose next retry would come after it waited until the
// limit and returned Go's "context deadline exceeded", where the finders'
// shared reads (flight.wait) and a call in the reader's own context
// (SleepWithin) return at once, naming the last failure and the limit.
//
// In a synctest bubble on an in-process client: the 3 s limit and the
// 1.5 s bound are on the bubble's clock (a check that returns at once
// takes no time there, one that waits for the limit 3 s), where on a
// listener and the wall clock a loaded machine stretched the one toward
// the other.
func TestTaskListing_readerDeadline(t *testing.T) {
	t.Parallel()
	synctest.Test(t, taskListingReaderDeadline)
}

func taskListingReaderDeadline(t *testing.T) {
	c := newBubbleClient(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}), func(c *Config) { c.RetryWaitMin, c.RetryWaitMax = 20*time.Second, 20*time.Second })
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
	defer cancel()
	start := time.Now()
	_, err := c.Tasks.listed(7)(ctx)
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Errorf("the listing check returned after %v: it waited for a time limit its retry would pass", d)
	}
	var tl *TimeLimitError
	if err == nil || !errors.As(err, &tl) || !strings.Contains(err.Error(), "HTTP 503") {
		t.Errorf("error %v: want the last failure (HTTP 503) and the time limit the next retry would pass", err)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v is not context.DeadlineExceeded: callers no longer see the time-out", err)
	}
	// The shared listing read, detached from this reader, goes on with its
	// retries 20s apart; the bubble ends once it has (bubble time).
	time.Sleep(2 * time.Minute)
}
