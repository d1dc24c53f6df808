package client_test

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// lateCreate is a transport to the simulator whose first create of a
// webhook is answered HTTP 503 and carried out late, after the lookup
// that follows it; the second create finds no connection (refused).
type lateCreate struct {
	mu      sync.Mutex
	next    http.RoundTripper
	creates int
	saved   *http.Request
	body    []byte
}

func (l *lateCreate) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
		l.mu.Lock()
		l.creates++
		n := l.creates
		l.mu.Unlock()
		switch n {
		case 1:
			b, _ := io.ReadAll(r.Body)
			l.mu.Lock()
			l.saved, l.body = r.Clone(context.WithoutCancel(r.Context())), b
			l.mu.Unlock()
			return &http.Response{StatusCode: http.StatusServiceUnavailable, Status: "503 Service Unavailable", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
				Header: http.Header{"Content-Type": {"text/plain"}}, Body: io.NopCloser(strings.NewReader("upstream unavailable")), Request: r}, nil
		case 2:
			return nil, &net.OpError{Op: "dial", Net: "tcp", Err: &net.AddrError{Err: syscall.ECONNREFUSED.Error(), Addr: r.URL.Host}}
		}
		return l.next.RoundTrip(r)
	}
	resp, err := l.next.RoundTrip(r)
	l.mu.Lock()
	saved, body := l.saved, l.body
	l.saved = nil
	l.mu.Unlock()
	if saved != nil && strings.HasSuffix(r.URL.Path, "/webhook/lists") {
		// The first create lands now, after the lookup that followed it.
		saved.Body = io.NopCloser(bytes.NewReader(body))
		saved.ContentLength = int64(len(body))
		late, lerr := l.next.RoundTrip(saved)
		if lerr != nil {
			return nil, lerr
		}
		late.Body.Close()
	} else if saved != nil {
		l.mu.Lock()
		l.saved = saved
		l.mu.Unlock()
	}
	return resp, err
}

// TestCreateRefusedAfterAnAnswerInDoubt: a create answered HTTP 503 may
// have been carried out; the lookup after it finds nothing, and the
// create sent again finds no connection. That refusal sent nothing, but
// the first create may still land: the object is looked up before the
// create is sent again. Sent again at once (as after a refusal with no
// doubt before it), the platform made a second webhook that no state
// holds.
func TestCreateRefusedAfterAnAnswerInDoubt(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	rt := &lateCreate{next: http.DefaultTransport}
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key",
		RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond, MaxRetries: 3, HTTPClient: &http.Client{Transport: rt}})
	if err != nil {
		t.Fatal(err)
	}
	in := client.WebhookInput{Name: "Late", URL: "https://example.com/late", EventType: 1}
	w, err := c.Webhooks.Create(t.Context(), in)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	var ids []int64
	for h, err := range c.Webhooks.List(t.Context(), client.WebhookFilter{Name: in.Name}) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, int64(h.ID))
	}
	rt.mu.Lock()
	sent := rt.creates
	rt.mu.Unlock()
	if len(ids) != 1 || ids[0] != int64(w.ID) || sent != 2 {
		t.Errorf("webhooks named %q: %v, create returned %d, creates sent %d; want the one the first create made late, and no third create", in.Name, ids, w.ID, sent)
	}
}
