package client

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// logCapture collects every line the Log hook receives.
type logCapture struct {
	mu    sync.Mutex
	lines []logLine
}

type logLine struct {
	msg    string
	fields map[string]any
}

func (l *logCapture) hook(_ context.Context, msg string, fields map[string]any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, logLine{msg, fields})
}

func (l *logCapture) all() []logLine {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]logLine(nil), l.lines...)
}

// newTestClient serves h on loopback and returns a client whose five
// surfaces all point at it, with fast retries.
func newTestClient(t *testing.T, h http.Handler, mods ...func(*Config)) *Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return newClientAt(t, srv.URL, mods...)
}

// newClientAt is newTestClient's client for a service at origin.
func newClientAt(t *testing.T, origin string, mods ...func(*Config)) *Client {
	t.Helper()
	cfg := Config{
		URLs:        map[Surface]string{},
		AccessToken: "tok-SECRET", AppID: "app-1", AppKey: "key-SECRET",
		MaxRetries: 3, RetryWaitMin: time.Millisecond, RetryWaitMax: 4 * time.Millisecond,
	}
	for _, s := range Surfaces {
		cfg.URLs[s] = origin + SurfacePrefixes[s]
	}
	for _, m := range mods {
		m(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

// fixed answers every request with status and body, counting requests.
type fixed struct {
	mu     sync.Mutex
	status int
	body   string
	n      int
}

func (f *fixed) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	f.mu.Lock()
	f.n++
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(f.status)
	_, _ = w.Write([]byte(f.body))
}
