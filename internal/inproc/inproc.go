// Package inproc is an http.RoundTripper that serves requests with an
// http.Handler in process, for tests: a client on it needs no listener,
// so it works in a testing/synctest bubble, where time advances only when
// every goroutine of the bubble is durably blocked, which a goroutine in
// network I/O never is. provider/acctest (NewInMemory) and the client's
// own tests use it; it imports nothing of the project, so both can.
package inproc

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"sync"
)

// Transport answers each request with its handler, called in a goroutine
// of its own: the request as a server receives it (path-only URL, Host,
// RequestURI, the body read whole), and the answer as the handler wrote
// it, once it returns. The request's httptrace hooks are called as a
// connection calls them (a connection, the request written, the answer's
// first byte). As with a server, a client that gives up (its attempt
// timeout, its context) is not held until the handler is done: RoundTrip
// returns the context's error at once, and the handler, whose request's
// context has ended, goes on (a slow answer to a request that took
// effect); Wait waits for such handlers, as httptest.Server.Close does.
type Transport struct {
	h       http.Handler
	running *sync.WaitGroup
}

// New is a Transport serving every request with h.
func New(h http.Handler) Transport {
	return Transport{h: h, running: new(sync.WaitGroup)}
}

// Wait waits for the handlers still running.
func (t Transport) Wait() { t.running.Wait() }

func (t Transport) RoundTrip(req *http.Request) (*http.Response, error) {
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
	t.running.Go(func() {
		defer close(done)
		t.h.ServeHTTP(rec, sreq)
	})
	select {
	case <-done:
		if err := req.Context().Err(); err != nil {
			// The handler ended because the client gave up (it returned
			// on its request's context, writing nothing): both cases were
			// ready, and the client got an empty answer in some runs
			// ("unexpected end of JSON input") where a connection gives
			// the context's error.
			return nil, err
		}
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
