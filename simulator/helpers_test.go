package simulator

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// harness serves one simulator on loopback for a test.
type harness struct {
	t   *testing.T
	sim *Server
	url string
}

func newHarness(t *testing.T, opts Options, setup ...func(*Server)) *harness {
	t.Helper()
	sim, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range setup {
		f(sim)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	return &harness{t: t, sim: sim, url: srv.URL}
}

// reply is a decoded answer.
type reply struct {
	status int
	body   map[string]any
	raw    string
}

func (r reply) num(key string) float64 {
	f, _ := r.body[key].(float64)
	return f
}

// req sends body (JSON unless contentType says otherwise) with the given
// Authorization header ("" for none).
func (h *harness) req(method, path, contentType, body, auth string) reply {
	h.t.Helper()
	r, err := http.NewRequestWithContext(h.t.Context(), method, h.url+path, strings.NewReader(body))
	if err != nil {
		h.t.Fatal(err)
	}
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	if auth != "" {
		r.Header.Set("Authorization", auth)
	}
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		h.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	out := reply{status: resp.StatusCode, raw: string(b)}
	_ = json.Unmarshal(b, &out.body)
	return out
}

// api sends an authorised JSON request.
func (h *harness) api(method, path, body string) reply {
	h.t.Helper()
	ct := "application/json"
	if body == "" {
		ct = ""
	}
	return h.req(method, path, ct, body, "Bearer sim-token")
}

// admin sends an admin call.
func (h *harness) admin(method, path, body string) reply {
	h.t.Helper()
	return h.req(method, path, "application/json", body, "")
}

func (h *harness) seed(body string) {
	h.t.Helper()
	if r := h.admin("POST", "/_sim/seed", body); r.status != 200 {
		h.t.Fatalf("seed: %d %s", r.status, r.raw)
	}
}
