package main

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestConnFlag_emptyRefused: `--endpoint ""` (as a script passing an
// empty variable writes it) meant CONTACTCENTER_ENDPOINT, and the run
// talked to whatever the environment named; so did an empty token, app
// id, app key or surface URL. Each is refused before anything is read or
// sent, naming the flag and the variable, in every command that calls the
// platform.
func TestConnFlag_emptyRefused(t *testing.T) {
	t.Parallel()
	flags := map[string]string{
		"endpoint": "CONTACTCENTER_ENDPOINT", "access-token": "CONTACTCENTER_ACCESS_TOKEN",
		"sms-app-id": "CONTACTCENTER_SMS_APP_ID", "sms-app-key": "CONTACTCENTER_SMS_APP_KEY",
		"app-id": "CONTACTCENTER_SMS_APP_ID", "app-key": "CONTACTCENTER_SMS_APP_KEY",
		"base-url": "CONTACTCENTER_BASE_URL", "autocall-url": "CONTACTCENTER_AUTOCALL_URL", "portal-url": "CONTACTCENTER_PORTAL_URL",
		"portal-open-url": "CONTACTCENTER_PORTAL_OPEN_URL", "smsapi-url": "CONTACTCENTER_SMSAPI_URL",
	}
	for _, cmd := range [][]string{{"agents", "plan", "x.xlsx"}, {"agents", "export", "x.xlsx"}, {"export", "terraform", "d"},
		{"sms", "send", "x.xlsx", "--template", "1"}, {"sms", "status", "pull"}} {
		for name, env := range flags {
			for _, given := range [][]string{{"--" + name, ""}, {"--" + name + "="}} {
				code, o, e := runCLI(append(append([]string{}, cmd...), given...)...)
				want := "--" + name + " is empty: give a value, or leave the flag out to use " + env
				if code != exitUsage || o != "" || !strings.Contains(e, want) {
					t.Errorf("%q %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", cmd, given, code, o, e, want)
				}
			}
		}
	}
}

// TestConnFlag_emptyEndpointDoesNotUseTheEnvironment: the run, a process
// of its own with CONTACTCENTER_ENDPOINT set, sends nothing there.
func TestConnFlag_emptyEndpointDoesNotUseTheEnvironment(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer srv.Close()
	cmd := exec.CommandContext(t.Context(), os.Args[0], "agents", "export", filepath.Join(t.TempDir(), "out.xlsx"), "--endpoint", "", "--max-retries", "0")
	cmd.Env = append(os.Environ(), "CCSYNC_TEST_MAIN=1", "CONTACTCENTER_ENDPOINT="+srv.URL, "CONTACTCENTER_ACCESS_TOKEN=tok")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) || exitErr.ExitCode() != exitUsage || calls.Load() != 0 || !strings.Contains(errb.String(), "--endpoint is empty") {
		t.Errorf("%v, %d calls to CONTACTCENTER_ENDPOINT, stdout %q, stderr %q; want exit 2, no call, --endpoint is empty", err, calls.Load(), out.String(), errb.String())
	}
}

// TestEmptyFileFlag_refused: `--log ""` turned CCSYNC_LOG off, and
// `ccsync simulator --state ""` kept the state in memory, both without a
// word: a script passing an empty variable lost the log, or the whole
// state at the next restart. Each is refused (exit 2), naming the flag and
// what leaving it out does.
func TestEmptyFileFlag_refused(t *testing.T) {
	t.Setenv("CCSYNC_LOG", filepath.Join(t.TempDir(), "env.log"))
	for _, cmd := range [][]string{{"agents", "plan", "x.xlsx"}, {"agents", "apply", "x.xlsx"}, {"agents", "export", "x.xlsx"},
		{"export", "terraform", "d"}, {"sms", "send", "x.xlsx", "--template", "1"}, {"sms", "status", "pull"}} {
		for _, given := range [][]string{{"--log", ""}, {"--log="}} {
			code, o, e := runCLI(append(append([]string{}, cmd...), given...)...)
			want := "--log is empty: name a file, or leave the flag out to use CCSYNC_LOG (set to nothing, CCSYNC_LOG= writes no log)"
			if code != exitUsage || o != "" || !strings.Contains(e, want) {
				t.Errorf("%q %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", cmd, given, code, o, e, want)
			}
		}
	}
	type result struct {
		code int
		o, e string
	}
	done := make(chan result, 1)
	go func() {
		code, o, e := runCLI("simulator", "--listen", "127.0.0.1:0", "--state", "")
		done <- result{code, o, e}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal(`simulator --state "": it started and serves, the state in memory`)
	}
	code, o, e := r.code, r.o, r.e
	if want := "--state is empty: name a file, or leave the flag out to keep the state in memory only"; code != exitUsage || strings.Contains(o, "listening") || !strings.Contains(e, want) {
		t.Errorf("simulator --state \"\": exit %d, stdout %q, stderr %q; want exit 2 and %q", code, o, e, want)
	}
}
