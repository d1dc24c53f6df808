package tfkit_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// A create whose every send had its connection dropped, each looked up
// (calls the service answered) and not found, gives up with the advice of
// a call dropped on its way: the address is right. It said "The service
// could not be reached, or closed the connection without answering. Check
// endpoint ...", of the address that had answered its listing and its
// lookups (the create's sends are made outside Do, which marks the others).
func TestAPIErrorDetail_createSendsDroppedLookupsAnswered(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var creates atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
			creates.Add(1)
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				_ = conn.Close() // dropped without an answer
			}
			return
		}
		sim.ServeHTTP(w, r)
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: 2,
		RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Hang-up", URL: "https://crm.example.com/h", Status: true, EventType: 1})
	if n := creates.Load(); n != 3 {
		t.Fatalf("the create was sent %d times with max_retries = 2, want 3 (err %v)", n, err)
	}
	got := tfkit.APIErrorDetail(err)
	if !strings.Contains(got, "Other calls to this address were answered") {
		t.Errorf("detail lacks that other calls to the address were answered:\n%s", got)
	}
	if strings.Contains(got, "Check endpoint") || strings.Contains(got, "could not be reached") {
		t.Errorf("detail tells to check the endpoint that answered the create's lookups:\n%s", got)
	}
}

// A create answered HTTP 503 at each of its sends (each looked up and not
// found) counts them, and says that max_retries set them: it said
// "max_retries sets how many attempts a safe call gets", which a create is
// not ("Creates are never re-sent blindly"), as if raising it did not
// apply to the create.
func TestAPIErrorDetail_createFailedAtEachSendNamesMaxRetries(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
			http.Error(w, "simulated server fault", http.StatusServiceUnavailable)
			return
		}
		sim.ServeHTTP(w, r)
	}))
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: 2,
		RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Thrice", URL: "https://crm.example.com/t", EventType: 1})
	got := tfkit.APIErrorDetail(err)
	for _, w := range []string{"The service failed at each of 3 attempts", "how many times a create is sent"} {
		if !strings.Contains(got, w) {
			t.Errorf("detail lacks %q:\n%s", w, got)
		}
	}
}
