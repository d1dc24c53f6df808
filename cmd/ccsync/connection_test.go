package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// parseConn parses args with the connection flags, as a command does.
func parseConn(t *testing.T, args ...string) (*ccConn, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c := addConnFlags(fs)
	return c, fs.Parse(args)
}

func clearConnEnv(t *testing.T) {
	for _, name := range client.SettingNames() {
		t.Setenv(client.EnvVar(name), "")
	}
}

// ccsync reads the same CONTACTCENTER_* variables as the provider, every
// one of them; a flag wins over its variable. Not parallel: it sets the
// environment.
func TestConnection_environmentAndFlags(t *testing.T) {
	clearConnEnv(t)
	t.Setenv("CONTACTCENTER_ENDPOINT", "http://127.0.0.1:18080")
	t.Setenv("CONTACTCENTER_ACCESS_TOKEN", "env-tok")
	t.Setenv("CONTACTCENTER_MAX_RETRIES", "7")
	t.Setenv("CONTACTCENTER_REQUEST_TIMEOUT", "45s")
	t.Setenv("CONTACTCENTER_MAX_REQUESTS_PER_SECOND", "2.5")
	c, err := parseConn(t)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := c.clientConfig()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.UserAgent != "ccsync/"+versionString() {
		t.Errorf("user agent %q, want ccsync and its version", cfg.UserAgent)
	}
	if cfg.MaxRetries != 7 || cfg.Timeout != 45*time.Second || cfg.MaxRequestsPerSecond != 2.5 || cfg.AccessToken != "env-tok" ||
		cfg.URLs[client.SurfacePortal] != "http://127.0.0.1:18080/portal" {
		t.Errorf("from the environment: %+v", cfg)
	}

	c, err = parseConn(t, "--max-retries", "1", "--request-timeout", "2m", "--max-requests-per-second", "10", "--access-token", "flag-tok")
	if err != nil {
		t.Fatal(err)
	}
	if cfg, err = c.clientConfig(); err != nil || cfg.MaxRetries != 1 || cfg.Timeout != 2*time.Minute || cfg.MaxRequestsPerSecond != 10 || cfg.AccessToken != "flag-tok" {
		t.Errorf("flags over the environment: %+v %v", cfg, err)
	}

	// Nothing set: the provider's defaults.
	clearConnEnv(t)
	c, _ = parseConn(t, "--endpoint", "http://127.0.0.1:1", "--access-token", "t")
	if cfg, err = c.clientConfig(); err != nil || cfg.MaxRetries != client.DefaultMaxRetries || cfg.Timeout != 0 || cfg.MaxRequestsPerSecond != 0 {
		t.Errorf("defaults: %+v %v", cfg, err)
	}
	// A second Ctrl-C aborts at once: a create it cuts off is not looked
	// up (for up to 15 s, as the provider does).
	if cfg.InterruptedLookup >= 0 {
		t.Errorf("ccsync's creates cut off by an abort must not be looked up: InterruptedLookup %v", cfg.InterruptedLookup)
	}
	// The gateway-only client reads them too.
	t.Setenv("CONTACTCENTER_MAX_RETRIES", "0")
	c, _ = parseConn(t, "--endpoint", "http://127.0.0.1:1", "--sms-app-id", "a", "--sms-app-key", "k")
	if _, err := c.gatewayClient(); err != nil {
		t.Errorf("gateway client: %v", err)
	}
}

// A bad variable or flag is an error naming it and the value.
func TestConnection_badValues(t *testing.T) {
	for name, tc := range map[string]struct {
		env  map[string]string
		args []string
		want string
	}{
		"env max retries":  {map[string]string{"CONTACTCENTER_MAX_RETRIES": "lots"}, nil, `CONTACTCENTER_MAX_RETRIES must be a whole number from 0 to 10, got "lots"`},
		"env timeout":      {map[string]string{"CONTACTCENTER_REQUEST_TIMEOUT": "30"}, nil, `CONTACTCENTER_REQUEST_TIMEOUT must be a positive duration with a unit, such as "30s", "2m" or "1m30s", got "30"`},
		"env rate":         {map[string]string{"CONTACTCENTER_MAX_REQUESTS_PER_SECOND": "0"}, nil, "CONTACTCENTER_MAX_REQUESTS_PER_SECOND must be a number greater than 0, got 0"},
		"env insecure":     {map[string]string{"CONTACTCENTER_INSECURE_HTTP": "perhaps"}, nil, `CONTACTCENTER_INSECURE_HTTP must be true or false, got "perhaps"`},
		"flag max retries": {nil, []string{"--max-retries", "11"}, "--max-retries must be from 0 to 10, got 11"},
		"flag timeout":     {nil, []string{"--request-timeout", "soon"}, `--request-timeout must be a positive duration with a unit, such as "30s", "2m" or "1m30s", got "soon"`},
		"flag rate":        {nil, []string{"--max-requests-per-second", "-1"}, "--max-requests-per-second must be a number greater than 0, got -1"},
		// The flags by their own names, not the provider's attributes.
		"flag endpoint":   {nil, []string{"--endpoint", "http://example.com"}, `--endpoint: "http://example.com" uses plain http:// to a host that is not loopback`},
		"flag portal url": {nil, []string{"--portal-url", "ftp://x"}, `--portal-url: "ftp://x"`},
	} {
		t.Run(name, func(t *testing.T) {
			clearConnEnv(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			c, err := parseConn(t, append([]string{"--endpoint", "http://127.0.0.1:1", "--access-token", "t"}, tc.args...)...)
			if err == nil {
				_, err = c.clientConfig()
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
	// A flag over a bad variable is no error.
	clearConnEnv(t)
	t.Setenv("CONTACTCENTER_MAX_RETRIES", "lots")
	c, err := parseConn(t, "--endpoint", "http://127.0.0.1:1", "--access-token", "t", "--max-retries", "2")
	if err != nil {
		t.Fatal(err)
	}
	if cfg, err := c.clientConfig(); err != nil || cfg.MaxRetries != 2 {
		t.Errorf("--max-retries 2 over a bad variable: %+v %v", cfg, err)
	}

	// --endpoint given addresses every surface, over CONTACTCENTER_*_URL,
	// even when it equals CONTACTCENTER_ENDPOINT.
	clearConnEnv(t)
	t.Setenv("CONTACTCENTER_ENDPOINT", "http://127.0.0.1:18080")
	t.Setenv("CONTACTCENTER_PORTAL_URL", "http://127.0.0.1:1/portal")
	c, err = parseConn(t, "--endpoint", "http://127.0.0.1:18080", "--access-token", "t")
	if err != nil {
		t.Fatal(err)
	}
	if cfg, err := c.clientConfig(); err != nil || cfg.URLs[client.SurfacePortal] != "http://127.0.0.1:18080/portal" {
		t.Errorf("--endpoint equal to CONTACTCENTER_ENDPOINT, with CONTACTCENTER_PORTAL_URL: %v %v", cfg.URLs[client.SurfacePortal], err)
	}

	// A token or key with white space (a line break from a file) is refused
	// by name, without its value: the flag's was sent ("invalid header
	// field value"), the variable's was reported as missing.
	clearConnEnv(t)
	c, err = parseConn(t, "--endpoint", "http://127.0.0.1:1", "--access-token", "tok-secret-1\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.clientConfig(); err == nil || !strings.Contains(err.Error(), "--access-token must not hold white space or control characters: it has a line break at the end") ||
		strings.Contains(err.Error(), "secret-1") {
		t.Errorf("--access-token with a line break: %v", err)
	}
	t.Setenv("CONTACTCENTER_ACCESS_TOKEN", "tok-secret-1\n")
	c, err = parseConn(t, "--endpoint", "http://127.0.0.1:1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.clientConfig(); err == nil || !strings.Contains(err.Error(), "CONTACTCENTER_ACCESS_TOKEN must not hold white space") ||
		strings.Contains(err.Error(), "no access token") || strings.Contains(err.Error(), "secret-1") {
		t.Errorf("CONTACTCENTER_ACCESS_TOKEN with a line break: %v", err)
	}
	clearConnEnv(t)
	c, err = parseConn(t, "--endpoint", "http://127.0.0.1:1", "--sms-app-id", "app", "--sms-app-key", "key secret-1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.gatewayClient(); err == nil || !strings.Contains(err.Error(), "--sms-app-key must not hold white space") || strings.Contains(err.Error(), "secret-1") {
		t.Errorf("--sms-app-key with a space: %v", err)
	}
	// The three in one order (they came in a map's, differing run to run).
	c, err = parseConn(t, "--endpoint", "http://127.0.0.1:1", "--access-token", "a b", "--sms-app-id", "c d", "--sms-app-key", "e f")
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		_, err := c.clientConfig()
		tok, id, key := strings.Index(fmt.Sprint(err), "--access-token"), strings.Index(fmt.Sprint(err), "--sms-app-id"), strings.Index(fmt.Sprint(err), "--sms-app-key")
		if tok < 0 || tok >= id || id >= key {
			t.Fatalf("errors not in the order token, app id, key: %v", err)
		}
	}
	// The gateway does not use the token: a refused CONTACTCENTER_ACCESS_TOKEN
	// does not stop a gateway client (it did, unlike a refused flag).
	t.Setenv("CONTACTCENTER_ACCESS_TOKEN", "tok secret-1")
	c, err = parseConn(t, "--endpoint", "http://127.0.0.1:1", "--sms-app-id", "app", "--sms-app-key", "key")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.gatewayClient(); err != nil {
		t.Errorf("gateway client with a refused CONTACTCENTER_ACCESS_TOKEN: %v", err)
	}
}

// TestTimeoutNamesTheFlag: a call that got no answer in time named the
// provider's setting, "(request_timeout)"; ccsync's user has the flag.
func TestTimeoutNamesTheFlag(t *testing.T) {
	t.Parallel()
	synctest.Test(t, timeoutNamesTheFlag)
}

// timeoutNamesTheFlag is TestTimeoutNamesTheFlag in a synctest bubble, on
// a platform in process (inProcessEndpoint): the second of time-out runs
// on the bubble's clock.
func timeoutNamesTheFlag(t *testing.T) {
	slow := inProcessEndpoint(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(1500 * time.Millisecond):
		case <-r.Context().Done():
		}
	}))
	code, _, e := runCLI("agents", "export", filepath.Join(t.TempDir(), "a.xlsx"), "--endpoint", slow, "--access-token", "t",
		"--request-timeout", "1s", "--max-retries", "0")
	if code != exitFailures || !strings.Contains(e, "got no answer within 1s (--request-timeout)") ||
		!strings.Contains(e, "raise --request-timeout (or CONTACTCENTER_REQUEST_TIMEOUT)") || strings.Contains(e, "(request_timeout)") {
		t.Errorf("exit %d, stderr:\n%s", code, e)
	}
}
