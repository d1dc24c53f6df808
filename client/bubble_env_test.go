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

// bubbleClient is a client with cfg's settings that calls h in process
// (client.InProcess), with the simulator's token. No request is dialled
// to its origin: were one dialled by mistake, nothing listens on the
// discard port of loopback.
func bubbleClient(t *testing.T, h http.Handler, cfg client.Config) *client.Client {
	t.Helper()
	cfg.URLs, cfg.AccessToken = client.SurfaceURLs("http://127.0.0.1:9"), "sim-token"
	cfg.HTTPClient = &http.Client{Transport: client.InProcess(t, h)}
	c, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// inProcessClient is taskTestClient without a listener (bubbleClient).
func inProcessClient(t *testing.T, h http.Handler) *client.Client {
	t.Helper()
	return bubbleClient(t, h, client.Config{MaxRetries: -1})
}

// fastBubbleClient is fastClient without a listener (bubbleClient).
func fastBubbleClient(t *testing.T, h http.Handler) *client.Client {
	t.Helper()
	return bubbleClient(t, h, client.Config{Timeout: time.Second, RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, MaxRetries: 2})
}
