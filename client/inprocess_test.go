package client

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"sync"
	"testing"
)

// newBubbleClient is newTestClient without a listener: the client calls h
// in process (inProcess), so no request waits on the network. A test in
// a testing/synctest bubble needs this: time there advances only when
// every goroutine of the bubble is durably blocked, which a goroutine in
// network I/O never is; the handler's sleeps and the client's waits
// before a retry then run on the bubble's clock, whatever the load of the
// machine. Call it inside the bubble.
func newBubbleClient(t *testing.T, h http.Handler, mods ...func(*Config)) *Client {
	t.Helper()
	tr := inProcess{h: h, running: new(sync.WaitGroup)}
	t.Cleanup(tr.running.Wait) // as httptest.Server.Close: the handlers still running
	// No request is dialled there: were one dialled by mistake, nothing
	// listens on the discard port of loopback.
	return newClientAt(t, "http://127.0.0.1:9", append([]func(*Config){func(c *Config) {
		c.HTTPClient = &http.Client{Transport: tr}
	}}, mods...)...)
}

// inProcess is an http.RoundTripper that answers each request with h,
// called in a goroutine of its own, as provider/acctest's handlerTransport
// (which this package's tests cannot import): the request as a server
// receives it, the answer as the handler wrote it once it returns, the
// request's httptrace hooks called as a connection calls them (the client
// tells by them whether a request was sent), and a client that gives up
// is not held until the handler is done.
type inProcess struct {
	h       http.Handler
	running *sync.WaitGroup
}

func (ip inProcess) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
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
	ip.running.Go(func() {
		defer close(done)
		ip.h.ServeHTTP(rec, sreq)
	})
	select {
	case <-done:
		if trace != nil && trace.GotFirstResponseByte != nil {
			trace.GotFirstResponseByte()
		}
	case <-req.Context().Done():
		return nil, req.Context().Err()
	}
	resp := rec.Result()
	resp.Request = req
	return resp, nil
}

// InProcess is an http.RoundTripper that answers each request with h in
// process (inProcess), for the tests of package client_test: a client on
// it needs no listener, so it works in a testing/synctest bubble. Call it
// inside the bubble; t's cleanup waits for the handlers still running.
func InProcess(t testing.TB, h http.Handler) http.RoundTripper {
	tr := inProcess{h: h, running: new(sync.WaitGroup)}
	t.Cleanup(tr.running.Wait)
	return tr
}
