package acctest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// inMemoryOrigin is the endpoint an in-memory Env's provider is given. No
// request is dialled there: the provider's client serves every request
// with the simulator's handler in process (handlerTransport). Were one
// dialled by mistake, nothing listens on the discard port of loopback.
const inMemoryOrigin = "http://127.0.0.1:9"

// NewInMemory is NewWithHandler without a listener: the provider's
// client (ActionServer, Server, Resources, Client) calls the simulator's
// handler in process (handlerTransport), so no request waits on the
// network. A test in a testing/synctest bubble needs this: time
// there advances only when every goroutine of the bubble is durably
// blocked, which a goroutine in network I/O never is, and a poll loop's
// timers (an action's wait, its timeouts.invoke) then run on the bubble's
// clock, whatever the load of the machine. Call it inside the bubble.
func NewInMemory(t testing.TB, wrap func(http.Handler) http.Handler, opts ...func(*simulator.Options)) *Env {
	t.Helper()
	sim, h := newSimulator(t, wrap, opts)
	tr := handlerTransport{h: h, running: new(sync.WaitGroup)}
	t.Cleanup(func() {
		tr.running.Wait() // as httptest.Server.Close: the handlers still running
		sim.Wait()
	})
	return &Env{Sim: sim, Origin: inMemoryOrigin, transport: tr}
}

// handlerTransport is an http.RoundTripper that answers each request with
// h, called in a goroutine of its own: the request as a server receives
// it (path-only URL, Host, RequestURI, the body read whole), and the
// answer as the handler wrote it, once it returns. The request's
// httptrace hooks are called as a connection calls them (a connection,
// the request written, the answer's first byte). As with a server, a
// client that gives up (its attempt timeout, its context) is not held
// until the handler is done: RoundTrip returns the context's error at
// once, and the handler, whose request's context has ended, goes on
// (a slow answer to a request that took effect).
type handlerTransport struct {
	h       http.Handler
	running *sync.WaitGroup
}

func (ht handlerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	// The client's trace (client.Do tells by it whether a request was
	// sent: GotConn, WroteRequest) sees what a connection would show.
	trace := httptrace.ContextClientTrace(req.Context())
	if trace != nil && trace.GotConn != nil {
		trace.GotConn(httptrace.GotConnInfo{})
	}
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		_ = req.Body.Close()
		if err != nil {
			if trace != nil && trace.WroteRequest != nil {
				trace.WroteRequest(httptrace.WroteRequestInfo{Err: err})
			}
			return nil, err
		}
		body = b
	}
	if trace != nil && trace.WroteHeaders != nil {
		trace.WroteHeaders()
	}
	if trace != nil && trace.WroteRequest != nil {
		trace.WroteRequest(httptrace.WroteRequestInfo{})
	}
	sreq := httptest.NewRequestWithContext(req.Context(), req.Method, req.URL.RequestURI(), bytes.NewReader(body))
	sreq.Host = req.URL.Host
	sreq.Header = req.Header.Clone()
	if sreq.Header == nil {
		sreq.Header = http.Header{}
	}
	sreq.RemoteAddr = "127.0.0.1:40000"
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	ht.running.Go(func() {
		defer close(done)
		ht.h.ServeHTTP(rec, sreq)
	})
	select {
	case <-done:
		if trace != nil && trace.GotFirstResponseByte != nil {
			trace.GotFirstResponseByte()
		}
	case <-req.Context().Done():
		return nil, req.Context().Err() // the client gave up while the handler ran
	}
	resp := rec.Result()
	resp.Request = req
	return resp, nil
}

// inMemory points c at the Env's in-process transport, besides the
// harness's short retry waits.
func (e *Env) inMemory(c *client.Config) {
	fastRetries(c)
	c.HTTPClient = &http.Client{Transport: e.transport}
}

// newServer is the package's newServer for this Env: the provider as
// main serves it, its client on the in-memory transport when there is one.
func (e *Env) newServer() (tfprotov6.ProviderServer, error) {
	if e.transport == nil {
		return newServer()
	}
	s, err := providerserver.NewProtocol6WithError(provider.NewWithConfigHook("test", e.inMemory)())()
	if err != nil {
		return nil, err
	}
	return provider.Detached(s), nil
}
