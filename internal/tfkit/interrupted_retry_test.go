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
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	defer srv.Close()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", MaxRetries: 3,
		RetryWaitMin: time.Minute, RetryWaitMax: time.Minute,
		RetryNotice: func(time.Duration, string) { cancel() }}) // Ctrl-C in the wait before the retry
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Hang-up", URL: "https://crm.example.com/h", Status: true, EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	postFaults(t, srv.URL, `{"error_rate": 1, "seed": 1}`)
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
