package client

import (
	"net/http"
	"strings"
	"testing"
)

// TestRedirectPasswordNotShown: a write answered with a redirect is not
// followed, and the error names where it pointed, with any password in
// that address left out (it reaches diagnostics and CI logs). Dropping the
// redaction passed every test.
func TestRedirectPasswordNotShown(t *testing.T) {
	t.Parallel()
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Location", "https://ops:Hunter2-pw@elsewhere.example/v2/svcapi/queue/add")
		w.WriteHeader(http.StatusTemporaryRedirect)
	}))
	err := c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/v2/svcapi/queue/add", Body: map[string]string{"que_name": "Q"}, Envelope: EnvelopePortal}, nil)
	if err == nil || strings.Contains(err.Error(), "Hunter2-pw") || !strings.Contains(err.Error(), "elsewhere.example") {
		t.Errorf("err %v; want the redirect named without its password", err)
	}
}
