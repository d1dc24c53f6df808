package tfkit

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestTFLog_retryAtInfo: with TF_LOG=INFO, an apply against a failing
// service showed "Still creating..." and nothing in the log said that a
// call was being retried: every client line was DEBUG. The retry is
// written at INFO with the call, the attempt, what failed (the code and
// the service's message) and the wait; each request's own line stays
// DEBUG.
func TestTFLog_retryAtInfo(t *testing.T) {
	t.Parallel()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if n.Add(1) == 1 {
			w.WriteHeader(http.StatusBadGateway)
			_, _ = io.WriteString(w, `{"code":502,"message":"upstream busy"}`)
			return
		}
		_, _ = io.WriteString(w, `{"code":200,"message":"ok"}`)
	}))
	t.Cleanup(srv.Close)
	cfg := client.Config{URLs: map[client.Surface]string{}, AccessToken: "tok", AppID: "app", AppKey: "key",
		MaxRetries: 3, RetryWaitMin: time.Millisecond, RetryWaitMax: 4 * time.Millisecond, Log: TFLog}
	for _, s := range client.Surfaces {
		cfg.URLs[s] = srv.URL + client.SurfacePrefixes[s]
	}
	c, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &out)
	req := client.Request{Surface: client.SurfacePortal, Method: "POST", Path: "/v2/svcapi/queue/list",
		BodyKind: client.BodyJSON, Envelope: client.EnvelopePortal, Idempotent: true, Read: true}
	if err := c.Do(ctx, req, nil); err != nil {
		t.Fatal(err)
	}
	lines, err := tflogtest.MultilineJSONDecode(&out)
	if err != nil {
		t.Fatal(err)
	}
	var retry map[string]any
	for _, l := range lines {
		switch l["@message"] {
		case "contactcenter API retry":
			retry = l
		case "contactcenter API request", "contactcenter API request failed":
			if l["@level"] != "debug" {
				t.Errorf("request line at %v, want debug: %v", l["@level"], l)
			}
		}
	}
	if retry == nil {
		t.Fatalf("no retry line in %v", lines)
	}
	for k, want := range map[string]any{"@level": "info", "method": "POST", "path": "/v2/svcapi/queue/list",
		"attempt": float64(1), "max_attempts": float64(4), "reason": "the service answered code 502", "message": "upstream busy"} {
		if retry[k] != want {
			t.Errorf("retry line %s = %v, want %v (line %v)", k, retry[k], want, retry)
		}
	}
	if _, ok := retry["wait_ms"]; !ok {
		t.Errorf("retry line without its wait: %v", retry)
	}
}
