package client

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestPagingIgnoredPageParameter_listNamed: a service that ignores the page
// asked is said naming the list whether it says the page it answered
// (samePage) or not (pageAgain, TestPagingIgnoredPageParameterUnsaid), as
// a finder's whole-list read already did (TestPrefetchIgnoredPageParameter).
// The list and webhook reads said "page 2 of the list was asked for..."
// without saying which list when the service answered current_page 1.
func TestPagingIgnoredPageParameter_listNamed(t *testing.T) {
	t.Parallel()
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(r.URL.Path, "webhook") {
			_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"current_page":1,"total_page":3,"per_page":1,"total":3,
				"results":[{"id":1,"name":"w1","url":"https://example.com/1"}]}}`)
			return
		}
		_, _ = io.WriteString(w, `{"code":0,"message":"ok","data":{"current_page":1,"last_page":3,"per_page":1,"total":3,
			"data":[{"user_id":1001,"user_num":"8001","user_name":"Ann"}]}}`)
	}))
	for name, tc := range map[string]struct {
		read func(ctx context.Context) error
		list string
	}{
		"agents":   {func(ctx context.Context) error { _, err := Collect(c.Agents.List(ctx, AgentFilter{})); return err }, "agent list (users/list): "},
		"webhooks": {func(ctx context.Context) error { _, err := Collect(c.Webhooks.List(ctx, WebhookFilter{})); return err }, "webhook list (webhook/lists): "},
		"webhook":  {func(ctx context.Context) error { _, err := c.Webhooks.Get(ctx, 3); return err }, "webhook list (webhook/lists): "},
	} {
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		err := tc.read(ctx)
		cancel()
		if want := tc.list + "page 2 of the list was asked for and the service answered page 1"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", name, err, want)
		}
	}
}
