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

// TestCreateGivingUpCountsItsSends: a create answered HTTP 503 at each of
// its 3 sends, looked up after each and not found, fails with an error
// that counts the 3 sends. It said 1 (each send is made alone), and the
// provider's error read "The service failed; retrying later may succeed",
// as if the create had been tried once, where a read failing the same way
// says "at each of 4 attempts" (a webhook's create under error_rate 0.2).
func TestCreateGivingUpCountsItsSends(t *testing.T) {
	t.Parallel()
	c, creates := webhookCreatesFail(t, 2)
	_, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Thrice", URL: "https://example.com/thrice", EventType: 1})
	if n := creates.Load(); n != 3 {
		t.Fatalf("the create was sent %d times with max_retries = 2, want 3 (err %v)", n, err)
	}
	ae, ok := client.AsAPIError(err)
	if !ok {
		t.Fatalf("err = %v (%T), want the last send's API error", err, err)
	}
	if ae.Attempts != 3 {
		t.Errorf("the error counts %d attempts, want the 3 sends", ae.Attempts)
	}
}

// webhookCreatesFail is a client, with maxRetries and retry waits of a few
// milliseconds, of a simulator whose webhook creates (webhook/updateOrCreate)
// are answered HTTP 503 without being carried out, and the count of those
// creates: every send of a create fails, and each lookup after it finds
// nothing.
func webhookCreatesFail(t *testing.T, maxRetries int) (*client.Client, *atomic.Int32) {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	creates := new(atomic.Int32)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
			creates.Add(1)
			http.Error(w, "simulated server fault", http.StatusServiceUnavailable)
			return
		}
		sim.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token",
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, MaxRetries: maxRetries})
	if err != nil {
		t.Fatal(err)
	}
	return c, creates
}
