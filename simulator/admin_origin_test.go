package simulator

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestAdmin_refusesWebPages: without an admin token, any web page the user
// visited could post to the admin API on its loopback port (a "simple"
// cross-origin request needs no permission) and reset the simulator, wipe
// its --state file or point its pushes anywhere; a page on a name resolving
// to 127.0.0.1 could too. A call with another Origin, or for another Host,
// is refused and changes nothing; tools (no Origin) and the simulator's own
// origin are served as before.
func TestAdmin_refusesWebPages(t *testing.T) {
	t.Parallel()
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	post := func(host, origin string, fetch ...string) (int, string) {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, srv.URL+"/_sim/faults", strings.NewReader(`{"error_rate":1}`))
		req.Header.Set("Content-Type", "text/plain")
		if host != "" {
			req.Host = host
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		if len(fetch) > 0 {
			req.Header.Set("Sec-Fetch-Site", fetch[0])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	own := strings.TrimPrefix(srv.URL, "http://")
	port := own[strings.LastIndex(own, ":")+1:]
	for name, tc := range map[string]struct{ host, origin, fetch, want string }{
		"another site":              {"", "http://evil.example", "cross-site", "cross-origin request refused"},
		"DNS rebinding":             {"evil.example:" + port, "http://evil.example:" + port, "same-origin", "is not a loopback address"},
		"a rebound call, no Origin": {"evil.example:" + port, "", "same-origin", "is not a loopback address"},
		// The README promises a browser's call is served only from the
		// simulator's own page: one another site made, without Origin, was served.
		"another site, no Origin": {"", "", "cross-site", "cross-site request refused"},
	} {
		if code, body := post(tc.host, tc.origin, tc.fetch); code != http.StatusForbidden || !strings.Contains(body, tc.want) {
			t.Errorf("%s: HTTP %d %s", name, code, body)
		}
	}
	// The refused calls set no fault: the API still answers.
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, srv.URL+"/open/sms/sign/list", strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer sim-token")
	req.Header.Set("Content-Type", "application/json")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("the API after the refused calls: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	if code, body := post("", ""); code != http.StatusOK {
		t.Errorf("a tool's call: HTTP %d %s", code, body)
	}
	if code, body := post("example.com", ""); code != http.StatusOK {
		t.Errorf("an in-process call (httptest's Host): HTTP %d %s", code, body)
	}
	if code, body := post("", srv.URL); code != http.StatusOK {
		t.Errorf("the simulator's own origin: HTTP %d %s", code, body)
	}
}
