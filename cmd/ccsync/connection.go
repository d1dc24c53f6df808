package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
)

// ccConn holds the connection settings of the spreadsheet commands: flags,
// falling back to the provider's CONTACTCENTER_* variables (DESIGN §8).
type ccConn struct {
	endpoint, token, appID, appKey string
	urls                           map[client.Surface]*string
	insecure                       bool
	timeout                        time.Duration
}

func addConnFlags(fs *flag.FlagSet) *ccConn {
	c := &ccConn{urls: map[client.Surface]*string{}}
	env := func(name string) string { return os.Getenv("CONTACTCENTER_" + name) }
	fs.StringVar(&c.endpoint, "endpoint", env("ENDPOINT"), "origin serving all five surfaces (env CONTACTCENTER_ENDPOINT)")
	secretVar(fs, &c.token, "access-token", env("ACCESS_TOKEN"), "bearer `token` of the open and portal surfaces (env CONTACTCENTER_ACCESS_TOKEN)")
	fs.StringVar(&c.appID, "sms-app-id", env("SMS_APP_ID"), "SMS gateway appId (env CONTACTCENTER_SMS_APP_ID)")
	secretVar(fs, &c.appKey, "sms-app-key", env("SMS_APP_KEY"), "SMS gateway app `key` (env CONTACTCENTER_SMS_APP_KEY)")
	// The simulator's own flags are --app-id/--app-key: accept them too.
	fs.Var(stringAlias{&c.appID}, "app-id", "same as --sms-app-id")
	fs.Var(secretValue{&c.appKey}, "app-key", "same as --sms-app-key")
	for _, s := range client.Surfaces {
		name := strings.ReplaceAll(string(s), "_", "-")
		c.urls[s] = fs.String(name, env(strings.ToUpper(string(s))), fmt.Sprintf("URL of the %s surface, overriding --endpoint (env CONTACTCENTER_%s)", s, strings.ToUpper(string(s))))
	}
	insecure := strings.EqualFold(env("INSECURE_HTTP"), "true") || env("INSECURE_HTTP") == "1"
	fs.BoolVar(&c.insecure, "insecure-http", insecure, "allow plain http:// to hosts other than loopback (env CONTACTCENTER_INSECURE_HTTP)")
	fs.DurationVar(&c.timeout, "request-timeout", 30*time.Second, "time limit of one HTTP attempt")
	return c
}

// stringAlias is a second name for a string flag.
type stringAlias struct{ p *string }

func (s stringAlias) String() string {
	if s.p == nil {
		return ""
	}
	return *s.p
}

func (s stringAlias) Set(v string) error { *s.p = v; return nil }

// secretValue is a string flag whose value flag's usage text never shows:
// its default comes from the environment (a token, a key), and a usage
// message, printed on -h or a mistyped flag, may end up in a CI log.
type secretValue struct{ p *string }

func (s secretValue) String() string { return "" }

func (s secretValue) Set(v string) error { *s.p = v; return nil }

// secretVar defines a secret string flag with default def (not shown).
func secretVar(fs *flag.FlagSet, p *string, name, def, usage string) {
	*p = def
	fs.Var(secretValue{p}, name, usage)
}

// clientConfig builds the client configuration, naming what is missing.
func (c *ccConn) clientConfig() (client.Config, error) {
	urls := map[client.Surface]string{}
	if c.endpoint != "" {
		urls = client.SurfaceURLs(c.endpoint)
	}
	var missing []string
	for _, s := range client.Surfaces {
		if v := *c.urls[s]; v != "" {
			urls[s] = v
		}
		if urls[s] == "" {
			missing = append(missing, string(s))
		}
	}
	if len(missing) > 0 {
		return client.Config{}, fmt.Errorf("no URL for %s: set --endpoint or CONTACTCENTER_ENDPOINT (or each surface's flag)", strings.Join(missing, ", "))
	}
	if c.token == "" {
		return client.Config{}, fmt.Errorf("no access token: set --access-token or CONTACTCENTER_ACCESS_TOKEN")
	}
	return client.Config{URLs: urls, AccessToken: c.token, AppID: c.appID, AppKey: c.appKey,
		AllowInsecureHTTP: c.insecure, Timeout: c.timeout, UserAgent: "ccsync"}, nil
}

// gatewayClient builds a client for the commands that talk to the SMS
// gateway only: they need its URL and the app credentials, not the bearer
// token or the other surfaces (which point at the gateway URL, unused).
func (c *ccConn) gatewayClient() (*client.Client, error) {
	u := *c.urls[client.SurfaceSMSAPI]
	if u == "" && c.endpoint != "" {
		u = client.SurfaceURLs(c.endpoint)[client.SurfaceSMSAPI]
	}
	var missing []string
	if u == "" {
		missing = append(missing, "--endpoint or --smsapi-url (CONTACTCENTER_ENDPOINT / CONTACTCENTER_SMSAPI_URL)")
	}
	if c.appID == "" {
		missing = append(missing, "--sms-app-id (CONTACTCENTER_SMS_APP_ID)")
	}
	if c.appKey == "" {
		missing = append(missing, "--sms-app-key (CONTACTCENTER_SMS_APP_KEY)")
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing %s", strings.Join(missing, ", "))
	}
	urls := map[client.Surface]string{}
	for _, s := range client.Surfaces {
		urls[s] = u
	}
	return client.New(client.Config{URLs: urls, AppID: c.appID, AppKey: c.appKey, AllowInsecureHTTP: c.insecure,
		Timeout: c.timeout, UserAgent: "ccsync", MaxRetries: 3})
}

// newBackend connects to the platform; tests replace it with fakes.
var newBackend = func(c *ccConn) (importer.Backend, error) {
	cfg, err := c.clientConfig()
	if err != nil {
		return importer.Backend{}, err
	}
	cl, err := client.New(cfg)
	if err != nil {
		return importer.Backend{}, err
	}
	return importer.BackendFor(cl)
}

// unreachable reports whether err means the platform could not be asked
// (transport failure, time-out, 5xx) rather than that it refused the input:
// the former is exit 1, the latter exit 2 (DESIGN §8).
func unreachable(err error) bool {
	var uerr *url.Error
	var nerr net.Error
	if errors.As(err, &uerr) || errors.As(err, &nerr) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	ae, ok := client.AsAPIError(err)
	return ok && ae.HTTPStatus >= 500
}

// parseArgs parses flags that may come before or after the positional
// arguments ("agents apply roster.xlsx --prune=resign").
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// isTerminal reports whether w is a character device (a terminal), where a
// progress bar is drawn; elsewhere progress is plain lines.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressBar draws "[#####.....]  50/100 label" in place on a terminal.
func progressBar(w io.Writer, done, total int, label string) {
	const width = 30
	filled := 0
	if total > 0 {
		filled = done * width / total
	}
	fmt.Fprintf(w, "\r[%s%s] %d/%d %-40.40s", strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total, label)
	if done == total {
		fmt.Fprintln(w)
	}
}

// printProblems lists every bad cell, one per line.
func printProblems(w io.Writer, cmd string, ps importer.Problems) {
	fmt.Fprintf(w, "%s: %d problem(s); nothing was written:\n", cmd, len(ps))
	for _, p := range ps {
		fmt.Fprintln(w, "  "+p.String())
	}
}

// problemStrings renders problems for JSON output.
func problemStrings(ps importer.Problems) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// serveUntilDone serves srv on ln until ctx ends (SIGINT/SIGTERM), then
// shuts it down gracefully, giving requests in flight 5 seconds. name
// prefixes the error lines; stopping, when set, is printed to stdout when
// the shutdown begins. It returns the command's exit code.
func serveUntilDone(ctx context.Context, srv *http.Server, ln net.Listener, name, stopping string, stdout, stderr io.Writer) int {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			return exitFailures
		}
	case <-ctx.Done():
		if stopping != "" {
			fmt.Fprintln(stdout, stopping)
		}
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shutdownCtx); err != nil {
			fmt.Fprintf(stderr, "%s: shutdown: %v\n", name, err)
			return exitFailures
		}
	}
	return exitOK
}
