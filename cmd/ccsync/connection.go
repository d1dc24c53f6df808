package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
)

// ccConn holds the connection settings of the commands that call the
// platform: flags, falling back to the provider's CONTACTCENTER_* variables
// as client.SettingsFromEnv reads them (DESIGN §8).
type ccConn struct {
	endpoint, token, appID, appKey string
	urls                           map[client.Surface]*string
	// flags holds the typed settings the flags set (insecure_http,
	// max_retries, request_timeout, max_requests_per_second); what they
	// leave unset comes from env.
	flags client.Settings
	env   client.Settings
	fs    *flag.FlagSet // to tell a flag given from one left at its default
	// logPath is the file --log (CCSYNC_LOG) appends the client's log
	// lines to, "" for none.
	logPath string
	logFunc client.LogFunc // the --log file's hook, once opened
	// notices, when set, is where a wait of retryNoticeMin or more before
	// a retry is told (the command's stderr).
	notices io.Writer
	// gatewayOnly makes newBackend connect to the SMS gateway alone (sms
	// send --via gateway): its URL and the app credentials, without the
	// bearer token or the other surfaces, which that send never calls.
	gatewayOnly bool
}

// transportFor, set by tests only (nil in ccsync), gives the transport
// of a run's clients by the run's endpoint (--endpoint or
// CONTACTCENTER_ENDPOINT); a nil answer is the network. A test answers
// with a handler called in process, which needs no listener, so it can
// run a command in a testing/synctest bubble, where the command's waits
// (a Retry-After, the retries' backoff) run on the bubble's clock.
var transportFor func(endpoint string) http.RoundTripper

// withTransport sets cfg.HTTPClient as transportFor says, if it is set.
func (c *ccConn) withTransport(cfg *client.Config) {
	if transportFor == nil {
		return
	}
	if rt := transportFor(c.endpoint); rt != nil {
		cfg.HTTPClient = &http.Client{Transport: rt}
	}
}

// retryNoticeMin is the shortest wait before a retry that ccsync prints:
// a run waiting out a rate limit seemed to hang; shorter waits would only
// clutter the progress.
const retryNoticeMin = 5 * time.Second

// withNotices sets cfg.RetryNotice to print long waits on c.notices.
func (c *ccConn) withNotices(cfg *client.Config) {
	if c.notices == nil {
		return
	}
	var mu sync.Mutex
	cfg.RetryNotice = func(wait time.Duration, line string) {
		if wait < retryNoticeMin {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(c.notices, "ccsync: %s\n", line)
	}
}

// logEnv names the file of --log when the flag is not given.
const logEnv = "CCSYNC_LOG"

// logSetting names where the log file came from, for a message about it:
// --log, or CCSYNC_LOG when the flag was not given.
func (c *ccConn) logSetting() string {
	given := false
	c.fs.Visit(func(f *flag.Flag) { given = given || f.Name == "log" })
	if !given && c.logPath != "" {
		return logEnv
	}
	return "--log"
}

func addConnFlags(fs *flag.FlagSet) *ccConn {
	env := client.SettingsFromEnv()
	c := &ccConn{urls: map[client.Surface]*string{}, env: env, fs: fs}
	// An empty value is refused (nonEmpty): it left the flag's variable
	// in force, and a script passing an empty variable talked to whatever
	// the environment named.
	c.endpoint, c.token, c.appID, c.appKey = env.Endpoint, env.AccessToken, env.AppID, env.AppKey
	fs.Var(envFlag(stringAlias{&c.endpoint}, "endpoint", "CONTACTCENTER_ENDPOINT"), "endpoint", "origin serving all five surfaces, a `URL` (env CONTACTCENTER_ENDPOINT)")
	fs.Var(envFlag(secretValue{&c.token}, "access-token", "CONTACTCENTER_ACCESS_TOKEN"), "access-token",
		"bearer `token` of the open and portal surfaces (env CONTACTCENTER_ACCESS_TOKEN, better: a flag's value shows in the process list)")
	fs.Var(envFlag(stringAlias{&c.appID}, "sms-app-id", "CONTACTCENTER_SMS_APP_ID"), "sms-app-id", "SMS gateway appId, an `id` (env CONTACTCENTER_SMS_APP_ID)")
	fs.Var(envFlag(secretValue{&c.appKey}, "sms-app-key", "CONTACTCENTER_SMS_APP_KEY"), "sms-app-key",
		"SMS gateway app `key` (env CONTACTCENTER_SMS_APP_KEY, better: a flag's value shows in the process list)")
	// The simulator's own flags are --app-id/--app-key: accept them too.
	fs.Var(envFlag(stringAlias{&c.appID}, "app-id", "CONTACTCENTER_SMS_APP_ID"), "app-id", "same as --sms-app-id")
	fs.Var(envFlag(secretValue{&c.appKey}, "app-key", "CONTACTCENTER_SMS_APP_KEY"), "app-key", "same as --sms-app-key")
	for _, s := range client.Surfaces {
		name := strings.ReplaceAll(string(s), "_", "-")
		envName := "CONTACTCENTER_" + strings.ToUpper(string(s))
		c.urls[s] = new(string)
		*c.urls[s] = env.URLs[s]
		fs.Var(envFlag(stringAlias{c.urls[s]}, name, envName), name, fmt.Sprintf("`URL` of the %s surface, overriding --endpoint (env %s)", s, envName))
	}
	fs.Var(c.settingFlag(client.SettingInsecureHTTP, "insecure-http"), "insecure-http", "allow plain http:// to hosts other than loopback (env CONTACTCENTER_INSECURE_HTTP)")
	fs.Var(c.settingFlag(client.SettingMaxRetries, "max-retries"), "max-retries",
		fmt.Sprintf("retry a call that failed for a temporary reason (network, HTTP 5xx, gateway 1010) up to `N` times, 0 to %d; a create is looked up before it is sent again; a call refused by the rate limit (HTTP 429) is retried for up to %s, more slowly after each refusal, unless N is 0 (env CONTACTCENTER_MAX_RETRIES; default %d)", client.MaxMaxRetries, client.DefaultRateLimitPatienceText, client.DefaultMaxRetries))
	fs.Var(c.settingFlag(client.SettingRequestTimeout, "request-timeout"), "request-timeout", "time limit of one HTTP attempt, a `duration` such as 30s; a create that times out (or gets HTTP 504) is looked up for as long again before it is sent again, the platform may still carry it out: keep it above the slowest writes (env CONTACTCENTER_REQUEST_TIMEOUT; default 30s)")
	fs.Var(c.settingFlag(client.SettingMaxRequestsPerSecond, "max-requests-per-second"), "max-requests-per-second",
		"send at most `rate` requests per second, evenly spaced, at least 0.01, e.g. 5 or 0.5; each run paces its own requests, so two runs at once send twice the rate (env CONTACTCENTER_MAX_REQUESTS_PER_SECOND; default no pacing until the platform answers HTTP 429)")
	// CCSYNC_LOG= (empty) is the way to write no log where it is set.
	c.logPath = os.Getenv(logEnv)
	fs.Var(fileFlag(&c.logPath, "log", "to use "+logEnv+" (set to nothing, "+logEnv+"= writes no log)"), "log",
		"append a JSON line per API request and per retry decision to `FILE` (secrets redacted; env "+logEnv+")")
	return c
}

// withLog sets cfg.Log to append to --log's file, which it creates (mode
// 0600: the lines hold the platform's data, phone numbers and names) or
// fails to, naming the flag, before any request is sent.
func (c *ccConn) withLog(cfg *client.Config) error {
	if c.logPath == "" {
		return nil
	}
	if c.logPath == "-" {
		// It wrote a file named "-" where `--out -` means stdout.
		return fmt.Errorf("%s -: name a file: the log is not written to stdout or stderr, which hold the command's output and progress", c.logSetting())
	}
	if c.logFunc == nil {
		f, err := os.OpenFile(c.logPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600) //nolint:gosec // the file the user named with --log
		if err != nil {
			return fmt.Errorf("%s: %w", c.logSetting(), err) // CCSYNC_LOG when it named the file
		}
		// Open for the run (the OS closes it at exit), one hook for every
		// client of the run, so their lines take turns.
		c.logFunc = jsonLog(f)
	}
	cfg.Log = c.logFunc
	return nil
}

// jsonLog is a client log hook that appends one JSON object per line to
// f: time, msg and the line's fields, already redacted by the client.
// Each line is one unbuffered append (the file is opened with O_APPEND),
// so a run's lines reach the file as they happen, whatever ends the run.
func jsonLog(f *os.File) client.LogFunc {
	var mu sync.Mutex
	return func(_ context.Context, msg string, fields map[string]any) {
		line := make(map[string]any, len(fields)+2)
		for k, v := range fields {
			line[k] = v
		}
		line["time"] = time.Now().UTC().Format(time.RFC3339Nano)
		line["msg"] = msg
		b, err := json.Marshal(line)
		if err != nil {
			b, _ = json.Marshal(map[string]any{"time": line["time"], "msg": msg, "log_error": err.Error()})
		}
		mu.Lock()
		defer mu.Unlock()
		_, _ = f.Write(append(b, '\n'))
	}
}

// settingFlag is a flag that sets one typed connection setting, parsed and
// checked as the environment is; its errors name the flag and the value.
type settingFlag struct {
	s             *client.Settings
	setting, name string
	text          *string
}

func (c *ccConn) settingFlag(setting, name string) settingFlag {
	return settingFlag{s: &c.flags, setting: setting, name: name, text: new(string)}
}

func (f settingFlag) String() string {
	if f.text == nil {
		return ""
	}
	return *f.text
}

func (f settingFlag) Set(v string) error {
	if err := f.s.Set(f.setting, v); err != nil {
		var se *client.SettingError
		if errors.As(err, &se) {
			return fmt.Errorf("--%s %w", f.name, se.Err)
		}
		return err
	}
	*f.text = v
	return nil
}

// IsBoolFlag lets --insecure-http stand alone.
func (f settingFlag) IsBoolFlag() bool { return f.setting == client.SettingInsecureHTTP }

// stringAlias is a second name for a string flag.
type stringAlias struct{ p *string }

func (s stringAlias) String() string {
	if s.p == nil {
		return ""
	}
	return *s.p
}

func (s stringAlias) Set(v string) error { *s.p = v; return nil }

// nonEmpty is a flag that refuses an empty value, naming the flag, what to
// give (want: "a value", "a file") and what leaving the flag out does
// (without): `--endpoint ""` meant CONTACTCENTER_ENDPOINT, `--log ""`
// turned CCSYNC_LOG off and `ccsync simulator --state ""` kept the state in
// memory, each without a word (a script passing an empty variable lost
// its log, or the state at the next restart).
type nonEmpty struct {
	flag.Value
	name, want, without string
}

// envFlag is a flag whose default is the variable env's value.
func envFlag(v flag.Value, name, env string) nonEmpty {
	return nonEmpty{v, name, "give a value", "to use " + env}
}

// fileFlag is a string flag naming a file.
func fileFlag(p *string, name, without string) nonEmpty {
	return nonEmpty{stringAlias{p}, name, "name a file", without}
}

func (n nonEmpty) String() string {
	if n.Value == nil {
		return ""
	}
	return n.Value.String()
}

func (n nonEmpty) Set(v string) error {
	if v == "" {
		return fmt.Errorf("--%s is empty: %s, or leave the flag out %s", n.name, n.want, n.without)
	}
	return n.Value.Set(v)
}

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

// settings are the flags over the environment. A credential flag goes
// through Settings.Set, whose refusal (white space in a token) is the
// error, as is a credential variable refused (it is not "missing"); the
// flag package would have put the value in its message. Without token,
// the access token is left out (the gateway does not use it).
func (c *ccConn) settings(token bool) (client.Settings, error) {
	// A string flag's default is the variable's value; only a different
	// value counts as the flag's, so errors name the variable otherwise.
	own := func(flag, env string) string {
		if flag == env {
			return ""
		}
		return flag
	}
	set := c.flags
	set.Endpoint = own(c.endpoint, c.env.Endpoint)
	if c.fs != nil {
		c.fs.Visit(func(f *flag.Flag) {
			if f.Name == "endpoint" {
				// Given, even as the variable says: it addresses every
				// surface (see Settings.Or), over CONTACTCENTER_*_URL.
				set.Endpoint = c.endpoint
			}
		})
	}
	env := c.env
	creds := []struct{ setting, flag, env string }{
		{client.SettingAccessToken, c.token, c.env.AccessToken},
		{client.SettingSMSAppID, c.appID, c.env.AppID},
		{client.SettingSMSAppKey, c.appKey, c.env.AppKey},
	}
	if !token {
		env, creds = env.WithoutToken(), creds[1:]
	}
	var errs []error
	for _, cr := range creds { // in this order: the errors too
		if v := own(cr.flag, cr.env); v != "" {
			errs = append(errs, set.Set(cr.setting, v))
		} else if e := env.Refused(cr.setting); e != nil {
			errs = append(errs, e)
		}
	}
	set.URLs = map[client.Surface]string{}
	for _, s := range client.Surfaces {
		set.URLs[s] = own(*c.urls[s], c.env.URLs[s])
	}
	return set.Or(env), asFlags(errors.Join(errs...))
}

// userAgent names ccsync and its version in every request, as the
// provider does: a platform operator reading its logs can tell which
// release made a call.
func userAgent() string { return "ccsync/" + versionString() }

// clientConfig builds the client configuration, naming what is missing.
func (c *ccConn) clientConfig() (client.Config, error) {
	set, err := c.settings(true)
	if err != nil {
		return client.Config{}, err
	}
	var missing []string
	for _, s := range client.Surfaces {
		if set.URLs[s] == "" && set.Endpoint == "" {
			missing = append(missing, string(s))
		}
	}
	// CONTACTCENTER_TOKEN, CONTACTCENTER_ENDPOIT: named where the setting
	// they were likely meant to give is missing.
	unread := func(settings ...string) string {
		if a := client.UnreadEnvAdvice(client.UnreadEnvVars(os.Environ()), settings...); a != "" {
			return "." + strings.TrimSuffix(a, ".")
		}
		return ""
	}
	if len(missing) > 0 {
		return client.Config{}, fmt.Errorf("no URL for %s: set --endpoint or CONTACTCENTER_ENDPOINT (or each surface's flag)%s", strings.Join(missing, ", "),
			unread(append([]string{client.SettingEndpoint}, missing...)...))
	}
	if set.AccessToken == "" {
		return client.Config{}, fmt.Errorf("no access token: set --access-token or CONTACTCENTER_ACCESS_TOKEN%s", unread(client.SettingAccessToken))
	}
	cfg, err := set.Config()
	cfg.UserAgent = userAgent()
	// A second Ctrl-C aborts at once: a create it cuts off is reported as
	// of unknown outcome, not looked up (the provider looks it up).
	cfg.InterruptedLookup = -1
	if err == nil {
		err = c.withLog(&cfg)
	}
	c.withNotices(&cfg)
	c.withTransport(&cfg)
	return cfg, asFlags(err)
}

// asFlags names the flags in the setting errors of err ("--endpoint", not
// the provider's "endpoint"); a value from the environment keeps its
// variable's name.
func asFlags(err error) error {
	for _, se := range client.SettingErrors(err) {
		if se.Var == "" && !strings.HasPrefix(se.Setting, "--") {
			se.Setting = "--" + strings.ReplaceAll(se.Setting, "_", "-") // in place
		}
	}
	return err
}

// gatewayClient builds a client for the commands that talk to the SMS
// gateway only: they need its URL and the app credentials, not the bearer
// token or the other surfaces (which point at the gateway URL, unused).
func (c *ccConn) gatewayClient() (*client.Client, error) {
	cfg, err := c.gatewayConfig(true)
	if err != nil {
		return nil, err
	}
	return client.New(cfg)
}

// gatewayConfig is the client configuration of gatewayClient. Without
// creds, missing app credentials are left for the client to refuse
// (client.ErrGatewayCredentials), which sms send words with its flags.
func (c *ccConn) gatewayConfig(creds bool) (client.Config, error) {
	set, err := c.settings(false)
	if err != nil {
		return client.Config{}, err
	}
	u := set.URLs[client.SurfaceSMSAPI]
	if u == "" && set.Endpoint != "" {
		u = client.SurfaceURLs(set.Endpoint)[client.SurfaceSMSAPI]
	}
	var missing []string
	if u == "" {
		missing = append(missing, "--endpoint or --smsapi-url (CONTACTCENTER_ENDPOINT / CONTACTCENTER_SMSAPI_URL)")
	}
	if creds && set.AppID == "" {
		missing = append(missing, "--sms-app-id (CONTACTCENTER_SMS_APP_ID)")
	}
	if creds && set.AppKey == "" {
		missing = append(missing, "--sms-app-key (CONTACTCENTER_SMS_APP_KEY)")
	}
	if len(missing) > 0 {
		return client.Config{}, fmt.Errorf("missing %s", strings.Join(missing, ", "))
	}
	set.Endpoint = ""
	for _, s := range client.Surfaces {
		set.URLs[s] = u
	}
	cfg, err := set.Config()
	if err != nil {
		return client.Config{}, asFlags(err)
	}
	cfg.UserAgent = userAgent()
	if err := c.withLog(&cfg); err != nil {
		return client.Config{}, err
	}
	c.withNotices(&cfg)
	c.withTransport(&cfg)
	return cfg, nil
}

// newBackend connects to the platform; tests replace it with fakes.
var newBackend = func(c *ccConn) (importer.Backend, error) {
	config := c.clientConfig
	if c.gatewayOnly {
		config = func() (client.Config, error) {
			cfg, err := c.gatewayConfig(false)
			// As clientConfig: a second Ctrl-C aborts at once.
			cfg.InterruptedLookup = -1
			return cfg, err
		}
	}
	cfg, err := config()
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
// (transport failure, time-out, 5xx, a rate limit that outlasted the
// retries) rather than that it refused the input:
// the former is exit 1, the latter exit 2 (DESIGN §8).
func unreachable(err error) bool {
	var timeout *client.TimeoutError
	if client.NoAnswer(err) || errors.As(err, &timeout) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	ae, ok := client.AsAPIError(err)
	return ok && (ae.HTTPStatus >= 500 || ae.HTTPStatus == http.StatusTooManyRequests)
}

// platformFailed reports whether err says the platform failed or turned
// the request down as a whole (it could not be reached, refused the
// credentials, answered a system error) rather than refused the input (a
// template that does not exist or is not approved): the former is exit 1,
// as agents and export terraform exit for it, the latter exit 2 (DESIGN
// §8). Credentials that are not set at all are usage, not the platform.
func platformFailed(err error) bool {
	if unreachable(err) {
		return true
	}
	if client.IsNotFound(err) {
		return false
	}
	ae, ok := client.AsAPIError(err)
	if !ok {
		return false
	}
	if ae.Surface == client.SurfaceSMSAPI && (ae.Code == client.GatewayTemplateInvalid || ae.Code == client.GatewayTemplateParams) {
		return false // the gateway's words for a template id it does not take
	}
	return true
}

// parseArgs parses flags that may come before or after the positional
// arguments ("agents apply roster.xlsx --prune=resign"). "--" ends the
// flags: every argument after it is positional, a file named
// "--old.xlsx" too (the arguments after the first positional one were
// read as flags again). Help asked for goes to stdout.
func parseArgs(fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args, stdout); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if endedByDashes(fs, args[:len(args)-len(rest)]) {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// endedByDashes reports whether the flags parsed, read, ended at a "--"
// (which the flag package takes without saying so), rather than at a
// positional argument: a "--" that is a flag's value (--report --) did not
// end them. read is walked as the flag package reads it.
func endedByDashes(fs *flag.FlagSet, read []string) bool {
	for i := 0; i < len(read); i++ {
		a := read[i]
		if a == "--" {
			return true
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if hasValue {
			continue
		}
		if f := fs.Lookup(name); f != nil {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
				i++ // its value, whatever it looks like
			}
		}
	}
	return false
}

// parseFlags is fs.Parse, but an error, whatever it is, prints one line
// in ccsync's words and where the flags are described, not the whole usage
// after it (which scrolled the one useful line away). -h and --help print
// the usage to stdout: it was asked for.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = usage
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		if usage != nil {
			usage()
		} else {
			fmt.Fprintf(stdout, "Usage of %s:\n", fs.Name())
			fs.PrintDefaults()
		}
		fs.SetOutput(out)
	default:
		err = advised{msg: flagError(fs, err), err: err} // for --output json's {"error": ...} too
		fmt.Fprintf(out, "%s: %s\nrun `%s --help` for the flags\n", fs.Name(), err, fs.Name())
	}
	return err
}

var (
	flagInvalidValue = regexp.MustCompile(`^invalid value (".*") for flag -([^ :]+): (.*)$`)
	flagInvalidBool  = regexp.MustCompile(`^invalid boolean (?:value (".*") for|flag) -?([^ :]+): `)
)

// flagError is the flag package's parse error in ccsync's words, naming
// the flag as it is written (--yes, not -yes): "unknown flag --yes (a flag
// of ccsync agents apply)", "--template needs a value", "--yes takes no
// value (or true/false), got "maybe"", "--auto-approve takes a duration
// with a unit…". A setting flag's own error names the flag and the value:
// the package's `invalid value "30" for flag -request-timeout: ` before it
// is dropped.
func flagError(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		s := "unknown flag --" + name
		if owners := flagOwners(fs.Name(), name); len(owners) > 0 {
			s += " (a flag of " + strings.Join(owners, " and ") + ")"
		}
		return s
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return "--" + name + " needs a value"
	}
	if m := flagInvalidBool.FindStringSubmatch(msg); m != nil {
		if m[1] == "" {
			return "--" + m[2] + " takes no value (or true/false)"
		}
		return fmt.Sprintf("--%s takes no value (or true/false), got %s", m[2], m[1])
	}
	m := flagInvalidValue.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	value, name, own := m[1], m[2], m[3]
	if strings.HasPrefix(own, "--"+name+" ") {
		return own
	}
	if f := fs.Lookup(name); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			switch g.Get().(type) {
			case time.Duration:
				return fmt.Sprintf("--%s takes a duration with a unit, such as \"3s\", \"2m\" or \"1m30s\"; got %s", name, value)
			case int, int64, uint, uint64:
				return fmt.Sprintf("--%s takes a whole number, got %s", name, value)
			case float64:
				return fmt.Sprintf("--%s takes a number, got %s", name, value)
			}
		}
	}
	return fmt.Sprintf("--%s: %s, got %s", name, own, value)
}

// flagOwners names the other subcommands of the same command (ccsync
// agents, ccsync sms) that have the flag name: a flag of apply given to
// plan is a slip between two subcommands.
func flagOwners(cmd, name string) []string {
	var sets []*flag.FlagSet
	switch words := strings.Fields(cmd); {
	case len(words) > 1 && words[1] == "agents":
		for _, sub := range []string{"template", "export", "plan", "apply"} {
			fs, _, _ := agentsFlags(sub, io.Discard)
			sets = append(sets, fs)
		}
	case len(words) > 1 && words[1] == "sms":
		fs, _ := smsSendFlags(io.Discard)
		pull, _, _, _, _ := statusPullFlags(io.Discard)
		listen, _, _ := statusListenFlags(io.Discard)
		sets = append(sets, fs, pull, listen)
	}
	var owners []string
	for _, fs := range sets {
		if fs.Name() != cmd && fs.Lookup(name) != nil {
			owners = append(owners, fs.Name())
		}
	}
	return owners
}

// jsonAsked reports whether args ask for --output json, read without the
// flag set: a parse that failed on another flag, or a subcommand that is
// not known, has not read it. Flags end at "--".
func jsonAsked(args []string) bool {
	json := false // the last --output wins, as in the flag set
	for i, a := range args {
		switch {
		case a == "--":
			return json
		case strings.HasPrefix(a, "--output=") || strings.HasPrefix(a, "-output="):
			_, v, _ := strings.Cut(a, "=")
			json = v == "json"
		case (a == "--output" || a == "-output") && i+1 < len(args):
			json = args[i+1] == "json"
		}
	}
	return json
}

// usageError is the exit of a command refused before its flags were read
// (a flag error, an unknown subcommand): 2, and with --output json among
// args, {"error": msg} on stdout, as for any run that cannot start (its
// text went to stderr).
func usageError(stdout io.Writer, args []string, msg string) int {
	if jsonAsked(args) {
		_ = emit(stdout, "json", map[string]any{"error": msg}, "")
	}
	return exitUsage
}

// parseFailed is the exit after parseArgs failed: 0 when the user asked
// for help (-h, --help: the flag set has printed it), else usageError's.
func parseFailed(stdout io.Writer, args []string, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return usageError(stdout, args, err.Error())
}

// parseExit is the exit code after a flag set's Parse failed: 0 when the
// user asked for help (-h, --help: the flag set has printed it), else 2.
func parseExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}

// isTerminal reports whether w is a character device (a terminal), where a
// progress bar is drawn; elsewhere progress is plain lines.
func isTerminal(w io.Writer) bool {
	if s, ok := w.(*syncWriter); ok {
		w = s.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// barTerminal reports whether a progress bar is drawn on w: a terminal
// (isTerminal) that is not a dumb one. TERM=dumb (Emacs's shell, some CI
// logs that run under a pseudo-terminal) says the terminal moves no
// cursor: the bar's carriage returns piled up every redraw on one line
// (or showed as ^M); there, progress is plain lines, as in a file.
func barTerminal(w io.Writer) bool {
	return isTerminal(w) && os.Getenv("TERM") != "dumb"
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
	nothing := "nothing was written"
	if cmd == "ccsync sms send" {
		nothing = "nothing was sent"
	}
	fmt.Fprintf(w, "%s: %s; %s:\n", cmd, count(len(ps), "problem", "problems"), nothing)
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
// shutdownGrace is how long a server asked to stop lets the requests in
// flight finish.
var shutdownGrace = 5 * time.Second

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
		shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		err := srv.Shutdown(shutdownCtx)
		if errors.Is(err, context.DeadlineExceeded) {
			// Asked to stop: the requests still running are cut off, as
			// a client of this server has to expect of any connection.
			_ = srv.Close()
			fmt.Fprintf(stderr, "%s: stopped with requests still being answered after %s: they were cut off, and their clients get no answer (the gateway sends such a push again)\n", name, shutdownGrace)
			return exitOK
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: shutdown: %v\n", name, err)
			return exitFailures
		}
	}
	return exitOK
}

// interruptContext is a context that ends at the first SIGINT or SIGTERM
// (as notifySignals relays them: tests deliver their own). Later signals
// are taken too until stop is called, so the command ends as it says
// rather than killed halfway through its message. It is
// interruptInTwoSteps with both steps ending the context.
func interruptContext() (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	_, _, release := interruptInTwoSteps(cancel, cancel)
	return ctx, func() {
		release()
		cancel()
	}
}

// interruptedBeforeWriting is what a command that an interrupt stopped
// before its first write says, instead of Go's "context canceled".
func interruptedBeforeWriting(name string) error {
	switch name {
	case "ccsync agents plan", "ccsync agents apply":
		return errors.New("interrupted while planning; nothing was written")
	case "ccsync sms send":
		return errors.New("interrupted before the first batch; nothing was sent")
	}
	return errors.New("interrupted while reading from the platform; nothing was written")
}

// Advice on the platform's answers, in ccsync's words: the flags and
// variables to check (the client's hints name the provider's settings).
const (
	adviceAccessToken = "check --access-token (or CONTACTCENTER_ACCESS_TOKEN)"
	adviceRateLimit   = "set --max-requests-per-second (or CONTACTCENTER_MAX_REQUESTS_PER_SECOND) below the platform's limit, or try again later"
	adviceGatewayCred = "the SMS gateway signs every request with them: set --sms-app-id and --sms-app-key, or CONTACTCENTER_SMS_APP_ID and CONTACTCENTER_SMS_APP_KEY"
)

// adviseRetriedRead adds to the error of a read that failed at each of
// its attempts (an HTTP 5xx, or a connection closed without an answer,
// after --max-retries retries) what to do: the provider says "retrying
// later may succeed (max_retries ...)"; an export said only "HTTP 503:
// Service Unavailable. Nothing was written.", and its user did not know
// that the calls had been retried, nor that running it again is safe. A
// call retried is one the client may send again (a read, a write by id,
// a create that never left); one whose earlier attempt may have been
// processed gets no advice.
func adviseRetriedRead(err error) error {
	if err == nil {
		return nil
	}
	again := func(when string) string {
		return "run the export again" + when + " (it changes nothing on the platform), or raise --max-retries (or CONTACTCENTER_MAX_RETRIES)"
	}
	if ne := (*client.NetworkError)(nil); errors.As(err, &ne) {
		if ne.Attempts > 1 && !ne.EarlierInDoubt {
			return advised{msg: err.Error() + "; " + again(""), err: err}
		}
		return err
	}
	if ae, ok := client.AsAPIError(err); ok && ae.HTTPStatus >= 500 && ae.Attempts > 1 && ae.Hint == "" {
		return advised{msg: fmt.Sprintf("%v; the service failed at each of %d attempts: %s", err, ae.Attempts, again(" later")), err: err}
	}
	return err
}

// gatewayAdvice replaces the client's hints that name the provider's
// sms_app_id and sms_app_key.
var gatewayAdvice = map[int64]string{
	client.GatewaySigCheckFailed: "check --sms-app-key (CONTACTCENTER_SMS_APP_KEY): it must be the secret of --sms-app-id",
	client.GatewayAppIDUnknown:   "check --sms-app-id (CONTACTCENTER_SMS_APP_ID)",
	client.GatewayAppIDMissing:   "set --sms-app-id and --sms-app-key (CONTACTCENTER_SMS_APP_ID, CONTACTCENTER_SMS_APP_KEY)",
}

// schemeAdviceProvider is how the client's advice on a URL's scheme (an
// https:// URL at a plain-HTTP address, or the reverse) names the
// provider's settings; schemeAdvice gives ccsync's flags instead.
const schemeAdviceProvider = "in endpoint (or the surface's URL)"

var schemeAdvice = strings.NewReplacer(schemeAdviceProvider, "in --endpoint (or CONTACTCENTER_ENDPOINT, or the surface's URL flag)",
	"set insecure_http = true", "give --insecure-http")

// advised is an error told in other words; errors.Is and As still see
// the error it tells.
type advised struct {
	msg string
	err error
}

func (a advised) Error() string { return a.msg }
func (a advised) Unwrap() error { return a.err }

// advise adds to an error from the platform what a ccsync user can do
// about it: the one place for that advice (failure() and the commands
// that print an error themselves call it). A token refused (HTTP 401)
// names --access-token; a rate limit that outlasted the retries (HTTP
// 429), --max-requests-per-second; missing or refused gateway
// credentials, --sms-app-id and --sms-app-key.
func advise(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, client.ErrGatewayCredentials) {
		msg := strings.Replace(err.Error(), client.ErrGatewayCredentials.Error(), adviceGatewayCred, 1)
		msg = strings.NewReplacer("sms_app_id", "--sms-app-id", "sms_app_key", "--sms-app-key").Replace(msg)
		return advised{msg: msg, err: err}
	}
	if ae, ok := client.AsAPIError(err); errors.As(err, new(*client.SchemeMismatchError)) || ok && strings.Contains(ae.Hint, schemeAdviceProvider) {
		// The client names the provider's endpoint and insecure_http; a
		// ccsync user has the flags.
		return advised{msg: schemeAdvice.Replace(err.Error()), err: err}
	}
	if te := (*client.TimeoutError)(nil); errors.As(err, &te) {
		// The client names the provider's setting; a ccsync user has the
		// flag.
		msg := strings.Replace(err.Error(), "(request_timeout)", "(--request-timeout)", 1)
		return advised{msg: msg + "; raise --request-timeout (or CONTACTCENTER_REQUEST_TIMEOUT), or check that the service is reachable", err: err}
	}
	ae, ok := client.AsAPIError(err)
	if !ok {
		return err
	}
	// The errors wrapping ae have their text already: the advice goes in
	// the whole message.
	msg := err.Error()
	switch {
	case ae.Surface == client.SurfaceSMSAPI && ae.Code > 0:
		h, ok := gatewayAdvice[ae.Code]
		if !ok || ae.Hint == "" || !strings.Contains(msg, "; "+ae.Hint) {
			return err
		}
		if ae.Code != client.GatewayAppIDMissing && ae.Origin != "" {
			// Which gateway refused them: with two environments, the
			// path alone did not say whose credentials to check.
			h = "the gateway at " + ae.Origin + " refused them: " + h
		}
		msg = strings.Replace(msg, "; "+ae.Hint, "; "+h, 1)
	case ae.Hint != "" || ae.RedirectedTo != "":
		// The client's own advice, or a redirected read answered without
		// the token: not a token problem.
		return err
	case ae.Code == 401 || ae.HTTPStatus == http.StatusUnauthorized:
		if ae.Origin != "" {
			// The path alone did not say which platform refused the token:
			// with two environments (staging, production), whose
			// credentials to check. The origin is the scheme and host the
			// call went to, no secret.
			msg += "; the access token was refused by " + ae.Origin
		}
		msg += "; " + adviceAccessToken
	case ae.HTTPStatus == http.StatusTooManyRequests:
		if ae.LimitedFor > 0 {
			msg += fmt.Sprintf("; the platform's rate limit refused the call at each of %d attempts over %s: ", ae.Attempts, ae.LimitedFor.Round(time.Second)) + adviceRateLimit
		} else {
			msg += "; the platform's rate limit refused the call (not retried: --max-retries 0): " + adviceRateLimit
		}
	default:
		return err
	}
	return advised{msg: msg, err: err}
}
