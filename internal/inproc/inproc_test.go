package inproc

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// TestTransport: a request reaches the handler as a server receives it
// (path-only URL, Host, headers, the body whole), and the client reads
// the handler's answer.
func TestTransport(t *testing.T) {
	t.Parallel()
	tr := New(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if r.URL.String() != "/open/x?page=2" || r.Host != "api.example" || r.Header.Get("X-T") != "1" || string(b) != `{"a":1}` {
			t.Errorf("handler got %s %q host %q header %q body %q", r.Method, r.URL, r.Host, r.Header.Get("X-T"), b)
		}
		w.WriteHeader(201)
		_, _ = w.Write([]byte("made"))
	}))
	defer tr.Wait()
	req, _ := http.NewRequestWithContext(t.Context(), "POST", "http://api.example/open/x?page=2", strings.NewReader(`{"a":1}`))
	req.Header.Set("X-T", "1")
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 201 || string(b) != "made" {
		t.Errorf("answer %d %q, want 201 \"made\"", resp.StatusCode, b)
	}
}

// TestTransportClientGivesUp: a client whose context ends while the
// handler runs gets the context's error at once, as from a server; the
// handler goes on, and Wait waits for it.
func TestTransportClientGivesUp(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var finished atomic.Bool
		tr := New(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
			time.Sleep(time.Minute)
			finished.Store(true)
		}))
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", "http://api.example/slow", nil)
		start := time.Now()
		resp, err := (&http.Client{Transport: tr}).Do(req)
		if err == nil {
			_ = resp.Body.Close()
		}
		if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) != time.Second {
			t.Errorf("gave up after %v with %v, want context.DeadlineExceeded after 1s", time.Since(start), err)
		}
		if finished.Load() {
			t.Error("the handler finished before the client gave up")
		}
		tr.Wait()
		if !finished.Load() {
			t.Error("Wait returned before the handler finished")
		}
	})
}
