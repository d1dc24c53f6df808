package client_test

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestFinderFailedBatchNotKept: after a write, agents are read by ids. A
// users/list that fails fails the read it served, and nothing of it is
// kept: the next read of the same agent calls again and finds it. Kept as
// an answer, the failed call's missing agent read as deleted (a refresh
// drops it from the state, and the next apply creates it again).
func TestFinderFailedBatchNotKept(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	o := e.seed(t, 2, 0)
	c := e.client(t, nil)
	ctx := t.Context()
	if err := c.Webhooks.Update(ctx, o.webhooks[0], client.WebhookInput{Name: "W0", URL: "https://example.com/changed"}); err != nil {
		t.Fatal(err)
	}
	var failed atomic.Int32
	fail := func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.HasSuffix(r.URL.Path, "/users/list") || failed.Add(1) > 1 {
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"code":429001,"message":"quota exceeded for users/list"}`))
		return true
	}
	e.fail.Store(&fail)
	if _, err := c.Agents.Get(ctx, o.agents[1]); !client.HasCode(err, 429001) {
		t.Fatalf("read through the failing call: %v, want its error", err)
	}
	if a, err := c.Agents.Get(ctx, o.agents[1]); err != nil || a.UserID.Int64() != o.agents[1] {
		t.Errorf("read after the failed call: %v, %v; want the agent", a, err)
	}
}

// TestFinderBatchWhileACallIsInFlight: at most one call by ids of a kind
// is in flight; ids asked meanwhile go out together when it ends. A read
// that arrives while a users/list is under way is answered after it, not
// left waiting.
func TestFinderBatchWhileACallIsInFlight(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	o := e.seed(t, 2, 0)
	c := e.client(t, nil)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	if err := c.Webhooks.Update(ctx, o.webhooks[0], client.WebhookInput{Name: "W0", URL: "https://example.com/changed"}); err != nil {
		t.Fatal(err)
	}
	inFlight := make(chan struct{})
	var lists atomic.Int32
	slow := func(_ http.ResponseWriter, r *http.Request) bool {
		if strings.HasSuffix(r.URL.Path, "/users/list") && lists.Add(1) == 1 {
			close(inFlight)
			time.Sleep(300 * time.Millisecond)
		}
		return false
	}
	e.fail.Store(&slow)
	first := make(chan error, 1)
	go func() { _, err := c.Agents.Get(ctx, o.agents[0]); first <- err }()
	<-inFlight
	start := time.Now()
	if a, err := c.Agents.Get(ctx, o.agents[1]); err != nil || a.UserID.Int64() != o.agents[1] {
		t.Errorf("read asked while a call was in flight: %v, %v after %v; want the agent", a, err, time.Since(start).Round(time.Millisecond))
	}
	if err := <-first; err != nil {
		t.Errorf("first read: %v", err)
	}
	if n := lists.Load(); n != 2 {
		t.Errorf("%d users/list calls, want 2", n)
	}
}
