package client_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// The environments of this file are those of other tests without a
// listener: their clients call the handler in process (client.InProcess),
// so they work in a testing/synctest bubble, where the handlers' sleeps,
// the rate limits and the clients' waits run on the bubble's clock. Call
// them inside the bubble.

// newBubbleLargeWebhookEnv is newLargeWebhookEnv whose portal calls the
// simulator in process (inProcessClient).
func newBubbleLargeWebhookEnv(t *testing.T, others, managed int) *largeWebhookEnv {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return fillLargeWebhookEnv(t, &largeWebhookEnv{sim: sim, portal: inProcessClient(t, sim)}, others, managed)
}

// fastBubbleClient is fastClient calling h in process.
func fastBubbleClient(t *testing.T, h http.Handler) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs("http://127.0.0.1:9"), AccessToken: "sim-token", Timeout: time.Second,
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, MaxRetries: 2,
		HTTPClient: &http.Client{Transport: client.InProcess(t, h)}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
