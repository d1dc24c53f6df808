package client

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRedirects_secretQueryHidden: a redirect's address is quoted in the
// error as any address the provider quotes (HideURLSecrets): a user and
// password were hidden, but a ?token=… value in the Location of a refused
// redirect, or in the address that answered a followed read, was quoted
// whole into a diagnostic and a CI log.
func TestRedirects_secretQueryHidden(t *testing.T) {
	t.Parallel()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 1, "message": "bad"})
	}))
	t.Cleanup(other.Close)
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/elsewhere?token=TOK-SECRET-9&x=1", http.StatusTemporaryRedirect)
	}))
	pw := "Pass-SECRET-1"
	_, err := c.Agents.Create(t.Context(), AgentInput{UserNum: new("8001"), UserName: new("A"), UserPassword: &pw})
	if err == nil || !strings.Contains(err.Error(), "not followed") {
		t.Fatalf("write redirected: %v, want the redirect refused", err)
	}
	if strings.Contains(err.Error(), "TOK-SECRET-9") || !strings.Contains(err.Error(), "/elsewhere?token=") {
		t.Errorf("write redirected: %v\nwant the address quoted without the token's value", err)
	}
	_, err = Collect(c.Webhooks.List(t.Context(), WebhookFilter{}))
	if err == nil || !strings.Contains(err.Error(), "answered by") {
		t.Fatalf("read redirected: %v, want the address that answered named", err)
	}
	if strings.Contains(err.Error(), "TOK-SECRET-9") || !strings.Contains(err.Error(), "/elsewhere?token=") {
		t.Errorf("read redirected: %v\nwant the address quoted without the token's value", err)
	}
}
