package simulator

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestBearerScheme: the scheme's name is case-insensitive (RFC 7235), so
// "bearer sim-token" was wrongly refused; a wrong token or scheme still is.
func TestBearerScheme(t *testing.T) {
	t.Parallel()
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	for auth, want := range map[string]int{
		"Bearer sim-token": http.StatusOK, "bearer sim-token": http.StatusOK, "BEARER sim-token": http.StatusOK,
		"Bearer wrong": http.StatusUnauthorized, "Basic sim-token": http.StatusUnauthorized, "sim-token": http.StatusUnauthorized, "": http.StatusUnauthorized,
	} {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, srv.URL+"/open/sms/sign/list", strings.NewReader(`{}`))
		req.Header.Set("Content-Type", "application/json")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Authorization %q: HTTP %d, want %d", auth, resp.StatusCode, want)
		}
	}
}
