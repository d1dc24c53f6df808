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
