package tfkit_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// An update answered HTTP 503 (the simulator's error_rate) and stopped by
// Ctrl-C while it waited to send the call again says that it was stopped,
// and an update's advice: it said only "The service failed; retrying later
// may succeed (max_retries controls automatic retries of safe calls)", as
// if the retries had run out (an apply interrupted under error_rate 0.2).
func TestAPIErrorDetail_serviceFailedThenInterruptedInRetryWait(t *testing.T) {
	t.Parallel()
	c, origin, ctx := interruptedInRetryWait(t)
	w, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Hang-up", URL: "https://crm.example.com/h", Status: true, EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	postFaults(t, origin, `{"error_rate": 1, "seed": 1}`)
	err = c.Webhooks.Update(ctx, int64(w.ID), client.WebhookInput{Name: "Hang-up", URL: "https://crm.example.com/h2", Status: true, EventType: 1})
	got := tfkit.APIErrorDetailOf(tfkit.OpUpdate, err)
	for _, want := range []string{"answered HTTP 503: simulated server fault.",
		"Terraform was stopped (for example with Ctrl-C) while it waited to send the call again.", "applying again finishes the update"} {
		if !strings.Contains(got, want) {
			t.Errorf("detail lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "retrying later may succeed") {
		t.Errorf("detail says the retries ran out, of a call stopped before its retry:\n%s", got)
	}
}

// A create whose listing of the same name (before anything is sent) was
// answered HTTP 503 and stopped by Ctrl-C in the wait before its retry
// says nothing was created, and then nothing against it: it went on with
// an interrupted send's advice, "after an interrupted send or action,
// check first what it did: running it again may repeat it".
func TestAPIErrorDetail_createListingInterruptedInRetryWait(t *testing.T) {
	t.Parallel()
	c, origin, ctx := interruptedInRetryWait(t)
	postFaults(t, origin, `{"error_rate": 1, "seed": 1}`)
	_, err := c.Webhooks.Create(ctx, client.WebhookInput{Name: "Hang-up", URL: "https://crm.example.com/h", Status: true, EventType: 1})
	got := tfkit.APIErrorDetail(err)
	for _, want := range []string{"so nothing was created and applying again is safe",
		"Terraform was stopped (for example with Ctrl-C) while it waited to send the call again. Run the operation again."} {
		if !strings.Contains(got, want) {
			t.Errorf("detail lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "check first") || strings.Contains(got, "may repeat it") {
		t.Errorf("detail says nothing was created, then to check what it did:\n%s", got)
	}
}

// interruptedInRetryWait is a client of a simulator (at origin) whose
// calls run in ctx, which is cancelled when a call begins its wait before
// a retry (a minute): Ctrl-C in that wait.
func interruptedInRetryWait(t *testing.T) (c *client.Client, origin string, ctx context.Context) {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(t.Context())
	t.Cleanup(cancel)
	c, err = client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: 3,
		RetryWaitMin: time.Minute, RetryWaitMax: time.Minute,
		RetryNotice: func(time.Duration, string) { cancel() }})
	if err != nil {
		t.Fatal(err)
	}
	return c, srv.URL, ctx
}
