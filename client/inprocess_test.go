package client

import (
	"net/http"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/inproc"
)

// newBubbleClient is newTestClient without a listener: the client calls h
// in process (inproc.Transport), so no request waits on the network. A
// test in a testing/synctest bubble needs this: time there advances only
// when every goroutine of the bubble is durably blocked, which a goroutine
// in network I/O never is; the handler's sleeps and the client's waits
// before a retry then run on the bubble's clock, whatever the load of the
// machine. Call it inside the bubble.
func newBubbleClient(t *testing.T, h http.Handler, mods ...func(*Config)) *Client {
	t.Helper()
	tr := InProcess(t, h)
	// No request is dialled there: were one dialled by mistake, nothing
	// listens on the discard port of loopback.
	return newClientAt(t, "http://127.0.0.1:9", append([]func(*Config){func(c *Config) {
		c.HTTPClient = &http.Client{Transport: tr}
	}}, mods...)...)
}

// InProcess is an http.RoundTripper that answers each request with h in
// process (inproc.Transport), for the tests of package client_test too: a
// client on it needs no listener, so it works in a testing/synctest
// bubble. Call it inside the bubble; t's cleanup waits for the handlers
// still running, as httptest.Server.Close does.
func InProcess(t testing.TB, h http.Handler) http.RoundTripper {
	tr := inproc.New(h)
	t.Cleanup(tr.Wait)
	return tr
}
