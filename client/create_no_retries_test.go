package client_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestCreateMaxRetriesZero: with max_retries = 0 a create is sent once:
// answered HTTP 503, it is looked up (the answer leaves its outcome
// unknown) and, not found, it fails; it is not sent a second time.
func TestCreateMaxRetriesZero(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var creates atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
			creates.Add(1)
			http.Error(w, "upstream unavailable", http.StatusServiceUnavailable)
			return
		}
		sim.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key",
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, MaxRetries: 0})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Once", URL: "https://example.com/once", EventType: 1}); err == nil {
		t.Error("the create succeeded")
	}
	if n := creates.Load(); n != 1 {
		t.Errorf("the create was sent %d times with max_retries = 0, want once", n)
	}
}
