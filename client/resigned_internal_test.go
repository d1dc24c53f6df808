package client

import (
	"errors"
	"net/http"
	"sync"
	"testing"
)

// A failed read of the resigned agents is not tried again by every create
// of the plan: a platform answering 503 held a plan of 300 new agents for
// 1,200 calls and 7 minutes. The callers after the first get
// ErrResignedUnread at once, with the first failure.
func TestResigned_failureReadOnce(t *testing.T) {
	t.Parallel()
	f := &fixed{status: http.StatusServiceUnavailable, body: `{"code":503,"message":"down"}`}
	c := newTestClient(t, f)
	_, first := c.Agents.Resigned(t.Context())
	if first == nil || errors.Is(first, ErrResignedUnread) {
		t.Fatalf("first read: %v, want the platform's error", first)
	}
	calls := f.n
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			if _, err := c.Agents.Resigned(t.Context()); !errors.Is(err, ErrResignedUnread) {
				t.Errorf("a later read: %v, want ErrResignedUnread", err)
			}
		})
	}
	wg.Wait()
	if f.n != calls {
		t.Errorf("%d more calls after the first read failed, want none", f.n-calls)
	}
}
