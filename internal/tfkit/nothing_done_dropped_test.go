package tfkit_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// A create whose listing before it (the objects of the same name) had its
// connection dropped at every attempt, by a simulator that answered other
// calls, says that nothing was created and applying again is safe, and
// then nothing against it: under drop_rate 0.1 the detail went on "Run the
// operation again; after a write, check first whether it took effect", as
// if the create might have been sent.
func TestAPIErrorDetail_nothingDoneListingDropped(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	defer srv.Close()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: 1,
		RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.Collect(c.Tasks.List(t.Context(), client.TaskFilter{})); err != nil { // answered
		t.Fatal(err)
	}
	postFaults(t, srv.URL, `{"drop_rate": 1, "seed": 1}`)
	_, err = c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Hang-up", URL: "https://crm.example.com/h", Status: true, EventType: 1})
	got := tfkit.APIErrorDetail(err)
	for _, w := range []string{"so nothing was created and applying again is safe", "dropped this one. Run the operation again."} {
		if !strings.Contains(got, w) {
			t.Errorf("detail lacks %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "check first") {
		t.Errorf("detail says nothing was created, then to check whether it took effect:\n%s", got)
	}
	if n := countWebhooks(t, c, srv.URL); n != 0 {
		t.Errorf("%d webhooks on the simulator, want 0 (nothing was sent)", n)
	}
}

func countWebhooks(t *testing.T, c *client.Client, origin string) int {
	t.Helper()
	postFaults(t, origin, `{}`)
	ws, err := client.Collect(c.Webhooks.List(t.Context(), client.WebhookFilter{}))
	if err != nil {
		t.Fatal(err)
	}
	return len(ws)
}

// postFaults sets the simulator's faults at origin (POST /_sim/faults).
func postFaults(t *testing.T, origin, body string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, origin+"/_sim/faults", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
}
