package client_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestCreateAnsweredOneObjectForTwo: a platform that answers two creates
// of one run with the same new id (one object for two resources) fails
// the second create, naming the id: otherwise two resources held one
// object, and destroying one deleted the other's.
func TestCreateAnsweredOneObjectForTwo(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var first string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
			sim.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		sim.ServeHTTP(rec, r)
		mu.Lock()
		if first == "" {
			first = rec.Body.String()
		}
		body := first
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key",
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, MaxRetries: 2})
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "A", URL: "https://example.com/a", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "B", URL: "https://example.com/b", EventType: 1})
	if err == nil || !strings.Contains(err.Error(), "which another create of this run made too") {
		t.Errorf("second create answered with the first one's id %d: %v, %v; want the error that the two may be one object", a.ID, b, err)
	}
}
