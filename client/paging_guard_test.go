package client_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// pagedAgents serves users/list with the page object shape(page) makes,
// counting the calls.
func pagedAgents(t *testing.T, shape func(page int) map[string]any) (*client.Client, *atomic.Int64) {
	t.Helper()
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		page := 1
		if p, ok := body["page"].(float64); ok {
			page = int(p)
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "message": "ok", "data": shape(page)})
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "x"})
	if err != nil {
		t.Fatal(err)
	}
	return c, &calls
}

func agentRows(from, n int) []map[string]any {
	out := make([]map[string]any, 0, n)
	for i := from; i < from+n; i++ {
		out = append(out, map[string]any{"user_id": i, "user_num": fmt.Sprint(i)})
	}
	return out
}

// TestPaging_pageObjectsWithoutNavigation: a page object without last_page
// and next_page_url pages on by to or current_page against total (the first
// page of 600 agents was taken for the whole list); and a service that
// answers page 1 whatever page is asked for, which that made the read ask
// for ever (10,067 calls in 5 s), is read a bounded number of times, each
// agent once.
func TestPaging_pageObjectsWithoutNavigation(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		shape          func(page int) map[string]any
		agents         int
		maxCalls       int64
		getCallsAtMost int64
	}{
		"current_page and per_page": {func(page int) map[string]any {
			rows := map[int][]map[string]any{1: agentRows(1, 500), 2: agentRows(501, 100)}[page]
			return map[string]any{"current_page": page, "per_page": 500, "total": 600, "data": rows}
		}, 600, 2, 2},
		"to only": {func(page int) map[string]any {
			if page == 1 {
				return map[string]any{"to": 500, "total": 600, "data": agentRows(1, 500)}
			}
			return map[string]any{"to": 600, "total": 600, "data": agentRows(501, 100)}
		}, 600, 2, 2},
		"page ignored": {func(int) map[string]any {
			return map[string]any{"current_page": 1, "per_page": 500, "total": 600, "data": agentRows(1, 500)}
		}, 500, 3, 4},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, calls := pagedAgents(t, tc.shape)
			ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
			defer cancel()
			n := 0
			for _, err := range c.Agents.List(ctx, client.AgentFilter{}) {
				if err != nil {
					t.Fatal(err)
				}
				n++
			}
			if n != tc.agents || calls.Load() > tc.maxCalls {
				t.Errorf("listed %d agents in %d calls, want %d in at most %d", n, calls.Load(), tc.agents, tc.maxCalls)
			}
			calls.Store(0)
			if _, err := c.Agents.Get(ctx, 3); err != nil || calls.Load() > tc.getCallsAtMost {
				t.Errorf("Get: %v after %d calls, want agent 3 in at most %d", err, calls.Load(), tc.getCallsAtMost)
			}
		})
	}
}
