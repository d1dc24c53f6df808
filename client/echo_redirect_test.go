package client

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"
)

// TestRedirects: Go's client follows every redirect, sending a 307's body
// (an agent's password) to the new address, and the token along when only
// the port or the scheme changes. A write's redirect is not followed now
// (the other address gets nothing, and the error says why); a read's is,
// without the token, and never from https to http.
func TestRedirects(t *testing.T) {
	t.Parallel()
	var writes, reads, withToken atomic.Int64
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			writes.Add(1)
		} else {
			reads.Add(1)
		}
		if r.Header.Get("Authorization") != "" {
			withToken.Add(1)
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "message": "ok", "data": map[string]any{"list": []any{}}})
	}))
	t.Cleanup(other.Close)
	redirect := func(code int) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, other.URL+r.URL.Path, code) })
	}
	for _, code := range []int{http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		c := newTestClient(t, redirect(code))
		pw := "Pass-SECRET-1"
		_, err := c.Agents.Create(t.Context(), AgentInput{UserNum: new("8001"), UserName: new("A"), UserPassword: &pw})
		if err == nil || !strings.Contains(err.Error(), "redirect to") || !strings.Contains(err.Error(), "not followed") {
			t.Errorf("HTTP %d on a write: error %v, want the redirect refused", code, err)
		}
		if _, err := Collect(c.Webhooks.List(t.Context(), WebhookFilter{})); err != nil {
			t.Errorf("HTTP %d on a read: %v, want it followed", code, err)
		}
	}
	if n := writes.Load(); n != 0 {
		t.Errorf("a write was sent on to the redirect's target %d times", n)
	}
	if reads.Load() == 0 || withToken.Load() != 0 {
		t.Errorf("reads followed: %d, with the token: %d; want followed, never with the token", reads.Load(), withToken.Load())
	}
	// From https to http: not even a read.
	tls := httptest.NewTLSServer(redirect(http.StatusFound))
	t.Cleanup(tls.Close)
	c, err := New(Config{URLs: SurfaceURLs(tls.URL), AccessToken: "tok-SECRET", MaxRetries: -1, HTTPClient: tls.Client()})
	if err != nil {
		t.Fatal(err)
	}
	before := reads.Load()
	if _, err := Collect(c.Webhooks.List(t.Context(), WebhookFilter{})); err == nil || !strings.Contains(err.Error(), "not followed") {
		t.Errorf("https to http: %v, want the redirect refused", err)
	}
	if reads.Load() != before {
		t.Error("a read was sent on from https to http")
	}
}

// TestErrorEchoScrubbed: a service whose error text echoes the request
// (its body, the Authorization header) put the token and the agent's
// password in the error, and so in diagnostics, CI logs and ccsync's
// reports. They are replaced with [REDACTED], as written and JSON-escaped.
func TestErrorEchoScrubbed(t *testing.T) {
	t.Parallel()
	for name, status := range map[string]int{"envelope": http.StatusOK, "bare 5xx": http.StatusBadGateway} {
		c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			echo := "bad request " + string(body) + " auth=" + r.Header.Get("Authorization")
			if status != http.StatusOK {
				http.Error(w, echo, status)
				return
			}
			_ = json.NewEncoder(w).Encode(map[string]any{"code": 400, "message": echo})
		}), func(cfg *Config) { cfg.MaxRetries = -1 })
		pw := `Pw"x-SECRET\1`
		_, err := c.Agents.Create(t.Context(), AgentInput{UserNum: new("8001"), UserName: new("A"), UserPassword: &pw})
		if err == nil {
			t.Fatalf("%s: no error", name)
		}
		text := err.Error()
		for _, secret := range []string{"tok-SECRET", `Pw"x-SECRET\1`, `Pw\"x-SECRET\\1`} {
			if strings.Contains(text, secret) {
				t.Errorf("%s: the error shows %q: %s", name, secret, text)
			}
		}
		if !strings.Contains(text, Redacted) {
			t.Errorf("%s: the error does not say what was redacted: %s", name, text)
		}
	}
}

// TestPreviewCutsBetweenCharacters: a long Chinese error body was cut
// mid-character, printing "\ufffd".
func TestPreviewCutsBetweenCharacters(t *testing.T) {
	t.Parallel()
	p := preview([]byte("x" + strings.Repeat("服务异常", 20)))
	if !utf8.ValidString(p) || !strings.HasSuffix(p, "…") || len(p) > 120+len("…") {
		t.Errorf("preview %q (%d bytes): want valid UTF-8 of at most 120 bytes and an ellipsis", p, len(p))
	}
}

// TestCreate_lookupBeforeFails: the list that a create of a non-unique
// name makes first failed; nothing was created, which the error now says.
func TestCreate_lookupBeforeFails(t *testing.T) {
	t.Parallel()
	var creates atomic.Int64
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/updateOrCreate") {
			creates.Add(1)
		}
		_, _ = w.Write([]byte("<html>proxy error</html>"))
	}), func(cfg *Config) { cfg.MaxRetries = -1 })
	_, err := c.Webhooks.Create(t.Context(), WebhookInput{Name: "CRM", URL: "https://crm.example.com/h"})
	if err == nil || !strings.Contains(err.Error(), "nothing was created and applying again is safe") || creates.Load() != 0 {
		t.Errorf("error %v, %d creates; want the lookup's failure, nothing created", err, creates.Load())
	}
}

// TestErrorEchoScrubbed_longSecrets: a bare 5xx answer is shown cut to 120
// bytes, and the cut was made before the secrets were replaced: a long
// token or a password the cut split showed its start.
func TestErrorEchoScrubbed_longSecrets(t *testing.T) {
	t.Parallel()
	token := "eyJhbGciOiJIUzI1NiJ9." + strings.Repeat("Q", 160)
	pw := "CorrectHorseBatteryStaple-2026!"
	for _, name := range []string{"A", strings.Repeat("n", 40)} { // the password before the cut, then across it
		c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			http.Error(w, "bad request "+string(body)+" auth="+r.Header.Get("Authorization"), http.StatusBadGateway)
		}), func(cfg *Config) { cfg.MaxRetries, cfg.AccessToken = -1, token })
		_, err := c.Agents.Create(t.Context(), AgentInput{UserNum: new("8001"), UserName: &name, UserPassword: &pw})
		if err == nil {
			t.Fatal("no error")
		}
		for _, part := range []string{token[:20], pw[:12]} {
			if strings.Contains(err.Error(), part) {
				t.Errorf("user_name %d characters: the error shows %q: %s", len(name), part, err)
			}
		}
	}
}

// TestRedirectedReadRefused: a read the service redirected to another host
// goes there without the token; a refusal there said only "unauthorized",
// which reads as a wrong access_token. It says where it was answered.
func TestRedirectedReadRefused(t *testing.T) {
	t.Parallel()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 401, "message": "unauthorized"})
	}))
	t.Cleanup(other.Close)
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/elsewhere"+r.URL.Path, http.StatusFound)
	}), func(cfg *Config) { cfg.MaxRetries = -1 })
	_, err := Collect(c.Webhooks.List(t.Context(), WebhookFilter{}))
	want := "unauthorized (answered by " + other.URL + "/elsewhere/autocall/"
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "the access token is not sent on to another host or port") {
		t.Errorf("error %v, want it to say %q and that the token was not sent there", err, want)
	}
}

// TestRedirectedRead5xx: a bare 5xx where a read's redirect led says where
// too (the HTTP status text replaced the note).
func TestRedirectedRead5xx(t *testing.T) {
	t.Parallel()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
		_, _ = w.Write([]byte("<html>bad gateway</html>"))
	}))
	t.Cleanup(other.Close)
	c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/elsewhere"+r.URL.Path, http.StatusFound)
	}), func(cfg *Config) { cfg.MaxRetries = -1 })
	_, err := Collect(c.Webhooks.List(t.Context(), WebhookFilter{}))
	if err == nil || !strings.Contains(err.Error(), "HTTP 502: <html>bad gateway</html> (answered by "+other.URL+"/elsewhere/") {
		t.Errorf("error %v, want the HTTP status and where it was answered", err)
	}
}

// TestErrorEchoScrubbed_otherEncoders: an answer that echoes the request
// as PHP's json_encode writes it (/ as \/, non-ASCII as \u00e9), or as
// Python's json.dumps (& unescaped), showed the password and the token:
// only Go's escaping was looked for.
func TestErrorEchoScrubbed_otherEncoders(t *testing.T) {
	t.Parallel()
	pw := `Pw/ab&x+y"q\z-ñ漢😀`
	token := "Tok/S3cr&t-é"
	forms := map[string]func(string) string{
		"php default": func(s string) string { return strings.ReplaceAll(jsonEscape(s, true), "/", `\/`) },
		"php upper":   func(s string) string { return upperHexEscapes(jsonEscape(s, true)) },
		"python":      func(s string) string { return jsonEscape(s, true) },
		"unescaped":   func(s string) string { return jsonEscape(s, false) },
		"path":        url.PathEscape,
	}
	for name, form := range forms {
		c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/users/list") { // the lookup before the create: nobody has the number
				_, _ = w.Write([]byte(`{"code":0,"data":{"current_page":1,"data":[],"last_page":1,"total":0}}`))
				return
			}
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte(`{"err":"` + form(pw) + `","auth":"Bearer ` + form(token) + `"}`))
		}), func(cfg *Config) { cfg.MaxRetries, cfg.AccessToken = -1, token })
		_, err := c.Agents.Create(t.Context(), AgentInput{UserNum: new("8001"), UserName: new("A"), UserPassword: &pw})
		if err == nil {
			t.Fatalf("%s: no error", name)
		}
		for _, part := range []string{"ab", "S3cr"} {
			if strings.Contains(err.Error(), part) {
				t.Errorf("%s: the error shows the secret (%q): %s", name, part, err)
			}
		}
	}
}
