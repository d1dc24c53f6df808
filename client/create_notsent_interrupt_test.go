package client_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestCreate_interruptedBeforeItWasSent: Ctrl-C while a create waited for
// its turn under max_requests_per_second (its lookup of the name done) said
// only "Interrupted (Terraform was stopped ...)" with the advice of an
// interrupted send, "check first what it did: running it again may repeat
// it", of a create that was never sent. It says that nothing was created.
//
// In a synctest bubble on the simulator in process (bubbleClient): the
// pace's 2 s turn and the interrupt 500 ms in are on the bubble's clock,
// where the lookup before the create takes no time; on the wall clock a
// loaded machine could still be in the lookup at the interrupt.
func TestCreate_interruptedBeforeItWasSent(t *testing.T) {
	t.Parallel()
	synctest.Test(t, createInterruptedBeforeItWasSent)
}

func createInterruptedBeforeItWasSent(t *testing.T) {
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var creates atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
			creates.Add(1)
		}
		sim.ServeHTTP(w, r)
	})
	c := bubbleClient(t, h, client.Config{AppID: "sim-app", AppKey: "sim-key",
		MaxRequestsPerSecond: 0.5}) // a turn every 2 s: the lookup goes at once, the create waits
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(500*time.Millisecond, cancel)
	_, err = c.Webhooks.Create(ctx, client.WebhookInput{Name: "Paced", URL: "https://example.com/paced", EventType: 1})
	if creates.Load() != 0 {
		t.Fatalf("the create was sent %d times; the test wants it cut off in its wait", creates.Load())
	}
	if !errors.As(err, new(*client.NothingDoneError)) {
		t.Errorf("error %v (%T), want a NothingDoneError: nothing was sent", err, err)
	}
	got := tfkit.APIErrorDetail(err)
	if !strings.Contains(got, "was not sent, so nothing was created and applying again is safe: interrupted (Terraform was stopped") || strings.Contains(got, "may repeat it") {
		t.Errorf("detail:\n%s\nwant it to say that nothing was created, without the advice of an interrupted send", got)
	}
}
