package main

import (
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/inproc"
)

// inProcessPlatforms maps an endpoint of inProcessEndpoint to the
// transport that answers its requests in process.
var (
	inProcessPlatforms sync.Map // endpoint string -> http.RoundTripper
	inProcessCount     atomic.Int32
)

// inProcessTransport is transportFor in the tests: the transport
// registered for endpoint by inProcessEndpoint, nil (the network) for
// any other.
func inProcessTransport(endpoint string) http.RoundTripper {
	if rt, ok := inProcessPlatforms.Load(endpoint); ok {
		return rt.(http.RoundTripper)
	}
	return nil
}

// inProcessEndpoint is an endpoint of its own whose requests h answers in
// process (inproc.Transport), for the runs of the test: without a
// listener, a command run with --endpoint set to it works in a
// testing/synctest bubble, where its waits (a Retry-After, the retries'
// backoff) run on the bubble's clock, costing no wall time whatever the
// machine's load. Call it inside the bubble; t's cleanup waits for the
// handlers still running. The endpoint is a loopback address of its own on
// the discard port: were a request dialled by mistake, nothing answers.
func inProcessEndpoint(t *testing.T, h http.Handler) string {
	t.Helper()
	n := inProcessCount.Add(1)
	endpoint := fmt.Sprintf("http://127.0.%d.%d:9", 100+n/250, 1+n%250)
	tr := inproc.New(h)
	inProcessPlatforms.Store(endpoint, http.RoundTripper(tr))
	t.Cleanup(func() {
		inProcessPlatforms.Delete(endpoint)
		tr.Wait()
	})
	return endpoint
}

// startSignalLoop makes the process's first signal.Notify, which starts
// the runtime's signal handling: made by a command in a synctest bubble
// (sms send and agents export listen for Ctrl-C), it blocked there, and
// the bubble panicked "deadlock: all goroutines in bubble are blocked".
// TestMain calls it.
func startSignalLoop() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	signal.Stop(c)
}
