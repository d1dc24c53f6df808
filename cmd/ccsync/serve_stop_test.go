package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeUntilDone_requestsOutlastGrace: asked to stop (Ctrl-C) while a
// request outlasts the grace period, the server cuts it off and stops
// cleanly; it exited 1 with "shutdown: context deadline exceeded". Not
// parallel: it shortens the grace period of the package.
func TestServeUntilDone_requestsOutlastGrace(t *testing.T) {
	old := shutdownGrace
	shutdownGrace = 50 * time.Millisecond
	defer func() { shutdownGrace = old }()
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	srv := &http.Server{Handler: http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		close(started)
		<-release
	}), ReadHeaderTimeout: time.Second}
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- serveUntilDone(ctx, srv, ln, "ccsync sms status listen", "", &stdout, &stderr) }()
	go func() {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, "http://"+ln.Addr().String()+"/d", nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	<-started
	cancel()
	select {
	case code := <-done:
		if code != exitOK || !strings.Contains(stderr.String(), "stopped with requests still being answered after 50ms: they were cut off") {
			t.Errorf("exit %d, stderr %q", code, stderr.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the server did not stop")
	}
}
