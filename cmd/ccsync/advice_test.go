package main

import (
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// runBoth runs a command in text and in JSON and checks that stderr and
// the JSON document's error both carry want, the command failing.
func runBoth(t *testing.T, want string, args ...string) {
	t.Helper()
	for _, out := range []string{"text", "json"} {
		code, o, e := runCLI(append(args, "--output", out)...)
		if code == exitOK || !strings.Contains(e, want) {
			t.Errorf("%v --output %s: exit %d, stderr lacks %q:\n%s", args[:2], out, code, want, e)
		}
		if out == "json" {
			assertJSONError(t, o, want)
		}
	}
}

// TestAdvice_tokenRefused: a wrong --access-token gave "code 401:
// Unauthorized: missing or wrong bearer token (HTTP 401)" and no word of
// what to check, unlike the provider.
func TestAdvice_tokenRefused(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(newSim(t))
	t.Cleanup(srv.Close)
	conn := []string{"--endpoint", srv.URL, "--access-token", "nottherighttoken"}
	const want = "; check --access-token (or CONTACTCENTER_ACCESS_TOKEN)"
	runBoth(t, want, append([]string{"agents", "plan", demoRoster}, conn...)...)
	runBoth(t, want, append([]string{"agents", "export", filepath.Join(t.TempDir(), "a.xlsx")}, conn...)...)
	runBoth(t, want, append([]string{"export", "terraform", filepath.Join(t.TempDir(), "tf")}, conn...)...)
}

// TestAdvice_tokenRefusedNamesHost: the refusal named the API path
// (POST /open/v3/svcapi/users/list) and not the host, so a user with two
// environments could not tell which credentials were refused. It names
// the scheme and host, never the token.
func TestAdvice_tokenRefusedNamesHost(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(newSim(t))
	t.Cleanup(srv.Close)
	const token = "staging-token-9f8e7d"
	conn := []string{"--endpoint", srv.URL, "--access-token", token}
	want := "(HTTP 401); the access token was refused by " + srv.URL + "; check --access-token (or CONTACTCENTER_ACCESS_TOKEN)"
	runBoth(t, want, append([]string{"agents", "plan", demoRoster}, conn...)...)
	runBoth(t, want, append([]string{"agents", "export", filepath.Join(t.TempDir(), "a.xlsx")}, conn...)...)
	send := []string{"sms", "send", demoRecipients, "--template", "1", "--journal", filepath.Join(t.TempDir(), "j")}
	runBoth(t, "the access token was refused by "+srv.URL, append(send, conn...)...)
	for _, out := range []string{"text", "json"} {
		_, o, e := runCLI(append([]string{"agents", "plan", demoRoster, "--output", out}, conn...)...)
		if strings.Contains(o+e, token) {
			t.Errorf("--output %s: the token is printed:\n%s%s", out, o, e)
		}
	}

	// A gateway key refused: which gateway refused it.
	code, _, e := runCLI("sms", "status", "pull", "--endpoint", srv.URL, "--app-id", "sim-app", "--app-key", "wrong-key-77")
	if want := "the gateway at " + srv.URL + " refused them: check --sms-app-key"; code == exitOK || !strings.Contains(e, want) || strings.Contains(e, "wrong-key-77") {
		t.Errorf("exit %d, want %q, never the key:\n%s", code, want, e)
	}
}

// TestAdvice_rateLimited: a rate limit that outlasted the retries gave
// plan and export no hint (apply had one, for its rows).
func TestAdvice_rateLimited(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "0")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	t.Cleanup(srv.Close)
	conn := []string{"--endpoint", srv.URL, "--access-token", "sim-token", "--max-retries", "0"}
	const want = "set --max-requests-per-second (or CONTACTCENTER_MAX_REQUESTS_PER_SECOND) below the platform's limit, or try again later"
	runBoth(t, want, append([]string{"agents", "plan", demoRoster}, conn...)...)
	runBoth(t, want, append([]string{"export", "terraform", filepath.Join(t.TempDir(), "tf")}, conn...)...)
}

// TestAdvice_gatewayCredentialsInFlags: sms send --via gateway without the
// gateway's credentials said to "set both in the provider block"; ccsync
// names its flags. Not parallel: it clears the environment.
func TestAdvice_gatewayCredentialsInFlags(t *testing.T) {
	clearConnEnv(t)
	srv := httptest.NewServer(newSim(t))
	t.Cleanup(srv.Close)
	send := []string{"sms", "send", demoRecipients, "--template", "1", "--via", "gateway", "--journal", filepath.Join(t.TempDir(), "j"),
		"--endpoint", srv.URL, "--access-token", "sim-token"}
	runBoth(t, "--via gateway: --sms-app-id and --sms-app-key are not set (the SMS gateway signs every request with them: "+
		"set --sms-app-id and --sms-app-key, or CONTACTCENTER_SMS_APP_ID and CONTACTCENTER_SMS_APP_KEY)", send...)
	runBoth(t, "--via gateway: --sms-app-key is not set (", append(send, "--sms-app-id", "sim-app")...)
	_, _, e := runCLI(send...)
	if strings.Contains(e, "provider block") || strings.Contains(e, "sms_app_") {
		t.Errorf("the provider's words:\n%s", e)
	}

	// A key the gateway refuses: the flag to check, not sms_app_key.
	code, _, e := runCLI("sms", "status", "pull", "--endpoint", srv.URL, "--app-id", "sim-app", "--app-key", "wrong")
	if code == exitOK || !strings.Contains(e, "check --sms-app-key (CONTACTCENTER_SMS_APP_KEY): it must be the secret of --sms-app-id") || strings.Contains(e, "sms_app_") {
		t.Errorf("exit %d:\n%s", code, e)
	}
}

// TestAdvice_exportReadFailedAtEveryAttempt: a read that failed at each of
// its attempts (HTTP 503, or a connection closed without an answer) ended
// an export with "HTTP 503: simulated server fault" and "Nothing was
// written.": nothing said that the call had been retried, nor what to do.
// The provider says "retrying later may succeed (max_retries ...)".
func TestAdvice_exportReadFailedAtEveryAttempt(t *testing.T) {
	t.Parallel()
	const want = " (it changes nothing on the platform), or raise --max-retries (or CONTACTCENTER_MAX_RETRIES)"
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "simulated server fault", http.StatusServiceUnavailable)
	}))
	t.Cleanup(failing.Close)
	conn := []string{"--endpoint", failing.URL, "--access-token", "sim-token", "--max-retries", "1", "--kinds", "webhooks"}
	runBoth(t, "HTTP 503: simulated server fault; the service failed at each of 2 attempts: run the export again later"+want,
		append([]string{"export", "terraform", filepath.Join(t.TempDir(), "tf")}, conn...)...)

	// The group list is answered, then every call is dropped: the members
	// read after it fails with no answer at each of its attempts.
	sim, origin := newSimServer(t)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Sales", QuePriority: 1}); err != nil {
		t.Fatal(err)
	}
	var answered atomic.Bool
	dropping := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/portal/v2/svcapi/queue/list" && !answered.Load() {
			answered.Store(true)
			sim.ServeHTTP(w, r)
			return
		}
		if hj, ok := w.(http.Hijacker); ok {
			if c, _, err := hj.Hijack(); err == nil {
				c.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	}))
	t.Cleanup(dropping.Close)
	code, _, e := runCLI("export", "terraform", filepath.Join(t.TempDir(), "tf"), "--endpoint", dropping.URL, "--access-token", "sim-token",
		"--max-retries", "1", "--kinds", "skill_groups,skill_group_members")
	if code != exitFailures || !strings.Contains(e, "at the last of 2 attempts; run the export again"+want) || !strings.Contains(e, "Nothing was written.") {
		t.Errorf("a dropped read: exit %d, want 1 saying that it was retried and what to do:\n%s", code, e)
	}
}

// TestAdvice_scheme: an https:// --endpoint at the simulator (plain HTTP),
// or an http:// one at an HTTPS address, is told to use the other scheme
// in ccsync's words (--endpoint), not the provider's (endpoint).
func TestAdvice_scheme(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(newSim(t))
	t.Cleanup(srv.Close)
	conn := []string{"--endpoint", "https://" + strings.TrimPrefix(srv.URL, "http://"), "--access-token", "sim-token"}
	want := "the address answers plain HTTP, not HTTPS, so nothing was sent; if the service serves plain HTTP there (the simulator does), write " +
		srv.URL + " in --endpoint (or CONTACTCENTER_ENDPOINT, or the surface's URL flag)"
	runBoth(t, want, append([]string{"agents", "plan", demoRoster}, conn...)...)
	runBoth(t, want, append([]string{"export", "terraform", filepath.Join(t.TempDir(), "tf")}, conn...)...)

	tls := httptest.NewUnstartedServer(newSim(t))
	tls.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused plain request
	tls.StartTLS()
	t.Cleanup(tls.Close)
	host := strings.TrimPrefix(tls.URL, "https://")
	runBoth(t, "the address serves HTTPS, not plain HTTP: write https://"+host+" in --endpoint (or CONTACTCENTER_ENDPOINT, or the surface's URL flag)",
		"agents", "export", filepath.Join(t.TempDir(), "a.xlsx"), "--endpoint", "http://"+host, "--access-token", "sim-token")

	// Off loopback, plain http needs --insecure-http, not insecure_http.
	e := advise(&client.SchemeMismatchError{Method: "POST", Path: "/open/v3/svcapi/users/list", Origin: "https://cc.example.com:8080"})
	if got := e.Error(); !strings.Contains(got, "write http://cc.example.com:8080 in --endpoint (or CONTACTCENTER_ENDPOINT, or the surface's URL flag) and give --insecure-http") {
		t.Errorf("non-loopback: %q", got)
	}
}

// TestAdvice_unreadEnvVar: a connection setting exported under another
// name (CONTACTCENTER_TOKEN) was reported only as missing. Not parallel:
// it sets the environment.
func TestAdvice_unreadEnvVar(t *testing.T) {
	clearConnEnv(t)
	t.Setenv("CONTACTCENTER_ENDPOIT", "http://127.0.0.1:1")
	t.Setenv("CONTACTCENTER_TOKEN", "sim-token")
	out := filepath.Join(t.TempDir(), "a.xlsx")
	runBoth(t, "no URL for base_url, autocall_url, portal_url, portal_open_url, smsapi_url: set --endpoint or CONTACTCENTER_ENDPOINT (or each surface's flag). "+
		"CONTACTCENTER_ENDPOIT is set but not read: the variable is CONTACTCENTER_ENDPOINT", "agents", "export", out)
	runBoth(t, "no access token: set --access-token or CONTACTCENTER_ACCESS_TOKEN. CONTACTCENTER_TOKEN is set but not read: the variable is CONTACTCENTER_ACCESS_TOKEN",
		"agents", "export", out, "--endpoint", "http://127.0.0.1:1")
}
