package client

import (
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// The connection settings, named as the provider attributes. Each is also
// read from the environment variable CONTACTCENTER_<NAME> (EnvVar), and
// ccsync has a flag for each. The surface URLs are settings too, named by
// their Surface ("base_url", …).
const (
	SettingEndpoint             = "endpoint"
	SettingAccessToken          = "access_token"
	SettingSMSAppID             = "sms_app_id"
	SettingSMSAppKey            = "sms_app_key"
	SettingInsecureHTTP         = "insecure_http"
	SettingMaxRetries           = "max_retries"
	SettingRequestTimeout       = "request_timeout"
	SettingMaxRequestsPerSecond = "max_requests_per_second"
)

// DefaultMaxRetries is max_retries when no source sets it.
const DefaultMaxRetries = 3

// MinRequestsPerSecond is the lowest max_requests_per_second, one request
// every 100 seconds: a lower one (1e-9) was taken, and a plan waited
// ("Still reading...") for years with no word.
const MinRequestsPerSecond = 0.01

const minRateWanted = "must be at least 0.01 (one request every 100 seconds)"

// durationWanted is what request_timeout takes: a duration with its unit
// ("30" alone is refused; the text was Go's name for the format, which a
// Terraform or ccsync user need not know).
const durationWanted = `must be a positive duration with a unit, such as "30s", "2m" or "1m30s"`

// durationSyntax is the text time.ParseDuration reads: numbers, each with
// its unit.
var durationSyntax = regexp.MustCompile(`^[-+]?([0-9]*(\.[0-9]*)?(ns|us|µs|μs|ms|s|m|h))+$`)

// TooLongDuration reports whether text is written as a duration but is
// longer than the longest one, about 292 years (2562047h47m16s), which
// time.ParseDuration refuses with the error of a text that is not one:
// "must be a positive duration with a unit, got \"9999999999h\"" said
// of a value that has its unit. A negative text is not: it is refused
// for its sign (NegativeDuration), not told to be shorter.
func TooLongDuration(text string) bool {
	text = strings.TrimSpace(text)
	if _, err := time.ParseDuration(text); err == nil || strings.HasPrefix(text, "-") || !durationSyntax.MatchString(text) {
		return false
	}
	return strings.ContainsAny(text, "0123456789")
}

// NegativeDuration reports whether text is written as a duration with a
// minus sign, one time.ParseDuration reads or one too long for it
// ("-9999999999h"), which is refused for its sign.
func NegativeDuration(text string) bool {
	text = strings.TrimSpace(text)
	return strings.HasPrefix(text, "-") && durationSyntax.MatchString(text) && strings.ContainsAny(text, "0123456789")
}

// TooLongDurationText is what an error says of a TooLongDuration.
const TooLongDurationText = "must be at most 2562047h (about 292 years), the longest duration"

// DefaultRateLimitPatience is Config.RateLimitPatience when zero: how long
// one call waits, in all, after HTTP 429 answers before it gives up.
const DefaultRateLimitPatience = 5 * time.Minute

// DefaultRateLimitPatienceText is DefaultRateLimitPatience in words, for
// the help and descriptions that name it.
var DefaultRateLimitPatienceText = DurationWords(DefaultRateLimitPatience)

// DurationWords says d in whole minutes ("5 minutes", "1 minute") where it
// is a whole number of them, else as Go writes it ("90s"): for help and
// messages that name a constant duration, so that they follow it.
func DurationWords(d time.Duration) string {
	switch {
	case d == time.Minute:
		return "1 minute"
	case d > 0 && d%time.Minute == 0:
		return fmt.Sprintf("%d minutes", d/time.Minute)
	}
	return d.String()
}

// MaxMaxRetries is the largest max_retries accepted.
const MaxMaxRetries = 10

// EnvVar returns the environment variable of a setting:
// CONTACTCENTER_<NAME IN UPPER CASE>.
func EnvVar(setting string) string { return "CONTACTCENTER_" + strings.ToUpper(setting) }

// SettingNames lists every setting in a stable order.
func SettingNames() []string {
	names := []string{SettingEndpoint}
	for _, s := range Surfaces {
		names = append(names, string(s))
	}
	return append(names, SettingAccessToken, SettingSMSAppID, SettingSMSAppKey, SettingRequestTimeout,
		SettingMaxRetries, SettingInsecureHTTP, SettingMaxRequestsPerSecond)
}

// Settings are the connection settings as a person gives them, before
// defaults: the provider block, the CONTACTCENTER_* variables and ccsync's
// flags all describe one. An empty string or a nil pointer is unset.
// Combine sources with Or, then build the client configuration with Config.
type Settings struct {
	Endpoint string
	// URLs overrides the URL Endpoint derives, surface by surface.
	URLs                 map[Surface]string
	AccessToken          string
	AppID, AppKey        string
	InsecureHTTP         *bool
	MaxRetries           *int
	RequestTimeout       *time.Duration
	MaxRequestsPerSecond *float64

	// vars names the environment variable each setting was read from, so
	// errors found later name it; bad holds the values that did not parse,
	// reported by Config unless another source sets the setting.
	vars map[string]string
	bad  map[string]*SettingError
}

// SettingError is a missing or bad connection setting. It names where the
// value came from (the environment variable, else the setting) and the value.
type SettingError struct {
	// Setting is the provider attribute name ("max_retries", "portal_url").
	Setting string
	// Var is the environment variable the value came from; "" when it came
	// from elsewhere (the provider block, a flag).
	Var string
	// Value is the value as given.
	Value string
	// Missing is true when no source gave a required setting.
	Missing bool
	Err     error
}

func (e *SettingError) Error() string {
	name := e.Setting
	if e.Var != "" {
		name = e.Var
	}
	msg := e.Err.Error()
	if strings.HasPrefix(msg, "must ") {
		return name + " " + msg
	}
	return name + ": " + msg
}

func (e *SettingError) Unwrap() error { return e.Err }

// credentialProblem says what makes a token, app id or key unusable in a
// request: white space or a control character (a line break in a header
// failed the request with Go's "invalid header field value", retried
// to no end). It never repeats the value.
func credentialProblem(v string) string {
	i := strings.IndexFunc(v, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) })
	if i < 0 {
		return ""
	}
	if strings.TrimSpace(v) == "" {
		return "must not be only white space"
	}
	if strings.HasPrefix(strings.ToLower(v), "bearer ") {
		return `must be the token alone: drop the "Bearer " prefix, which each request adds`
	}
	r, _ := utf8.DecodeRuneInString(v[i:])
	what := "a control character"
	switch {
	case r == '\n' || r == '\r':
		what = "a line break"
	case r == '\t':
		what = "a tab"
	case unicode.IsSpace(r):
		what = "a space"
	}
	where := "inside"
	switch {
	case strings.TrimRightFunc(v, unicode.IsSpace) != v && i >= len(strings.TrimRightFunc(v, unicode.IsSpace)):
		where = "at the end"
	case i == 0:
		where = "at the start"
	}
	msg := fmt.Sprintf("must not hold white space or control characters: it has %s %s", what, where)
	if what == "a line break" && where == "at the end" {
		msg += " (a value read from a file keeps the file's last line break: in Terraform, trimspace(file(...)) drops it)"
	}
	return msg
}

// SettingsFromEnv reads every CONTACTCENTER_* variable; an empty variable is
// unset. A value that does not parse is kept as that setting's error:
// Config reports it, naming the variable and the value, unless a source
// given precedence with Or sets the setting.
func SettingsFromEnv() Settings { return settingsFrom(os.Getenv) }

func settingsFrom(getenv func(string) string) Settings {
	var s Settings
	for _, name := range SettingNames() {
		v := getenv(EnvVar(name))
		if v == "" {
			continue
		}
		if s.vars == nil {
			s.vars = map[string]string{}
		}
		s.vars[name] = EnvVar(name)
		if err := s.Set(name, v); err != nil {
			var se *SettingError
			errors.As(err, &se) // Set reports every failure as a *SettingError
			se.Var = EnvVar(name)
			if s.bad == nil {
				s.bad = map[string]*SettingError{}
			}
			s.bad[name] = se
		}
	}
	return s
}

// ConfigFromEnv is the client configuration the CONTACTCENTER_* variables
// describe (SettingsFromEnv().Config()).
func ConfigFromEnv() (Config, error) { return SettingsFromEnv().Config() }

// Set parses value as the named setting, the way the environment is read.
// On error (a *SettingError naming the setting and the value) s is left
// unchanged.
func (s *Settings) Set(setting, value string) error {
	bad := func(format string, args ...any) error {
		return &SettingError{Setting: setting, Value: value, Err: fmt.Errorf(format, args...)}
	}
	switch setting {
	case SettingEndpoint:
		s.Endpoint = value
	case SettingAccessToken, SettingSMSAppID, SettingSMSAppKey:
		if msg := credentialProblem(value); msg != "" {
			return &SettingError{Setting: setting, Err: errors.New(msg)} // no Value: it is a secret
		}
		switch setting {
		case SettingAccessToken:
			s.AccessToken = value
		case SettingSMSAppID:
			s.AppID = value
		default:
			s.AppKey = value
		}
	case SettingInsecureHTTP:
		b, err := strconv.ParseBool(value)
		if err != nil {
			return bad("must be true or false, got %q", value)
		}
		s.InsecureHTTP = &b
	case SettingMaxRetries:
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return bad("must be a whole number from 0 to %d, got %q", MaxMaxRetries, value)
		}
		if n < 0 || n > MaxMaxRetries {
			return bad("must be from 0 to %d, got %d", MaxMaxRetries, n)
		}
		s.MaxRetries = &n
	case SettingRequestTimeout:
		d, err := time.ParseDuration(strings.TrimSpace(value))
		if TooLongDuration(value) {
			return bad(TooLongDurationText+", got %q", value)
		}
		if err != nil || d <= 0 {
			return bad(durationWanted+", got %q", value)
		}
		s.RequestTimeout = &d
	case SettingMaxRequestsPerSecond:
		f, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil {
			return bad("must be a number greater than 0 such as 5 or 0.5, got %q", value)
		}
		if !(f > 0) || math.IsInf(f, 0) {
			return bad("must be a number greater than 0, got %g", f)
		}
		if f < MinRequestsPerSecond {
			return bad(minRateWanted+", got %g", f)
		}
		s.MaxRequestsPerSecond = &f
	default:
		if !slices.Contains(Surfaces, Surface(setting)) {
			return bad("is not a connection setting")
		}
		if s.URLs == nil {
			s.URLs = map[Surface]string{}
		}
		s.URLs[Surface(setting)] = value
	}
	delete(s.bad, setting)
	return nil
}

// IsSet reports whether s gives the named setting a value (good or bad).
func (s Settings) IsSet(setting string) bool {
	if s.bad[setting] != nil {
		return true
	}
	switch setting {
	case SettingEndpoint:
		return s.Endpoint != ""
	case SettingAccessToken:
		return s.AccessToken != ""
	case SettingSMSAppID:
		return s.AppID != ""
	case SettingSMSAppKey:
		return s.AppKey != ""
	case SettingInsecureHTTP:
		return s.InsecureHTTP != nil
	case SettingMaxRetries:
		return s.MaxRetries != nil
	case SettingRequestTimeout:
		return s.RequestTimeout != nil
	case SettingMaxRequestsPerSecond:
		return s.MaxRequestsPerSecond != nil
	}
	return s.URLs[Surface(setting)] != ""
}

// Or returns s with every setting that s leaves unset taken from fallback:
// config.Or(env) lets the configuration win, flags.Or(env) the flags.
// An endpoint in s gives every surface its address, so fallback's surface
// URLs are not taken then: a CONTACTCENTER_PORTAL_URL left in the shell
// sent the portal calls of a configuration that sets endpoint, with its
// token, to another contact center. (A surface URL in s with an endpoint
// in fallback is the other way round: s wins on that surface.)
func (s Settings) Or(fallback Settings) Settings {
	ownEndpoint := s.IsSet(SettingEndpoint)
	out := s
	out.URLs = map[Surface]string{}
	out.vars = map[string]string{}
	out.bad = map[string]*SettingError{}
	for k, v := range s.vars {
		out.vars[k] = v
	}
	for k, v := range s.bad {
		out.bad[k] = v
	}
	for _, sf := range Surfaces {
		if v := s.URLs[sf]; v != "" {
			out.URLs[sf] = v
		}
	}
	for _, name := range SettingNames() {
		if s.IsSet(name) || !fallback.IsSet(name) || (ownEndpoint && isSurface(name)) {
			continue
		}
		if v, ok := fallback.vars[name]; ok {
			out.vars[name] = v
		}
		if e := fallback.bad[name]; e != nil {
			out.bad[name] = e
			continue
		}
		switch name {
		case SettingEndpoint:
			out.Endpoint = fallback.Endpoint
		case SettingAccessToken:
			out.AccessToken = fallback.AccessToken
		case SettingSMSAppID:
			out.AppID = fallback.AppID
		case SettingSMSAppKey:
			out.AppKey = fallback.AppKey
		case SettingInsecureHTTP:
			out.InsecureHTTP = fallback.InsecureHTTP
		case SettingMaxRetries:
			out.MaxRetries = fallback.MaxRetries
		case SettingRequestTimeout:
			out.RequestTimeout = fallback.RequestTimeout
		case SettingMaxRequestsPerSecond:
			out.MaxRequestsPerSecond = fallback.MaxRequestsPerSecond
		default:
			out.URLs[Surface(name)] = fallback.URLs[Surface(name)]
		}
	}
	return out
}

// isSurface tells the settings of one surface's URL.
func isSurface(name string) bool {
	for _, sf := range Surfaces {
		if name == string(sf) {
			return true
		}
	}
	return false
}

// Config checks s and returns the client configuration it describes: each
// surface's URL (its own setting, else derived from Endpoint), the
// credentials, and the transport settings with their defaults (max_retries
// 3; request_timeout left to New's 30 seconds). Every problem is a
// *SettingError, all of them joined: a value that did not parse, a number
// out of range, a URL that is not https:// (or loopback http://, unless
// insecure_http), a surface without a URL. The access token is not
// required here: a client that only calls the gateway needs none.
func (s Settings) Config() (Config, error) {
	var errs []error
	for _, name := range SettingNames() {
		if e := s.bad[name]; e != nil {
			errs = append(errs, e)
		}
	}
	bad := func(setting, value string, err error) {
		errs = append(errs, &SettingError{Setting: setting, Var: s.vars[setting], Value: value, Err: err})
	}
	cfg := Config{URLs: map[Surface]string{}, AccessToken: s.AccessToken, AppID: s.AppID, AppKey: s.AppKey, MaxRetries: DefaultMaxRetries}
	if s.InsecureHTTP != nil {
		cfg.AllowInsecureHTTP = *s.InsecureHTTP
	}
	if n := s.MaxRetries; n != nil {
		if *n < 0 || *n > MaxMaxRetries {
			bad(SettingMaxRetries, strconv.Itoa(*n), fmt.Errorf("must be from 0 to %d, got %d", MaxMaxRetries, *n))
		}
		cfg.MaxRetries = *n
	}
	if d := s.RequestTimeout; d != nil {
		if *d <= 0 {
			bad(SettingRequestTimeout, d.String(), fmt.Errorf(durationWanted+", got %q", d.String()))
		}
		cfg.Timeout = *d
	}
	if f := s.MaxRequestsPerSecond; f != nil {
		if !(*f > 0) || math.IsInf(*f, 0) {
			err := fmt.Errorf("must be a number greater than 0, got %g", *f)
			if *f == 0 {
				// 0 turns max_retries' retries off; here it is not "off".
				err = errors.New("must be a number greater than 0, got 0 (no pacing is the default: leave it unset)")
			}
			bad(SettingMaxRequestsPerSecond, strconv.FormatFloat(*f, 'g', -1, 64), err)
		} else if *f < MinRequestsPerSecond {
			bad(SettingMaxRequestsPerSecond, strconv.FormatFloat(*f, 'g', -1, 64), fmt.Errorf(minRateWanted+", got %g", *f))
		}
		cfg.MaxRequestsPerSecond = *f
	}
	derived := map[Surface]string{}
	if s.Endpoint != "" {
		if _, err := ValidateURL(s.Endpoint, cfg.AllowInsecureHTTP); err != nil {
			bad(SettingEndpoint, s.Endpoint, err)
		}
		derived = SurfaceURLs(s.Endpoint)
	}
	for _, sf := range Surfaces {
		u := s.URLs[sf]
		if u != "" {
			if _, err := ValidateURL(u, cfg.AllowInsecureHTTP); err != nil {
				bad(string(sf), u, err)
			}
		} else if u = derived[sf]; u == "" {
			errs = append(errs, &SettingError{Setting: string(sf), Missing: true,
				Err: fmt.Errorf("no URL: set %s (which derives all five surfaces) or %s", SettingEndpoint, sf)})
		}
		cfg.URLs[sf] = u
	}
	if err := errors.Join(errs...); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// Refused is the error of a setting whose value was refused (a
// CONTACTCENTER_* variable that did not parse), or nil.
func (s Settings) Refused(setting string) *SettingError { return s.bad[setting] }

// WithoutToken returns s without the access token, nor its refused value:
// what a client of the SMS gateway alone needs (it signs with the app key).
func (s Settings) WithoutToken() Settings {
	out := s
	out.AccessToken = ""
	out.bad = map[string]*SettingError{}
	for k, v := range s.bad {
		if k != SettingAccessToken {
			out.bad[k] = v
		}
	}
	return out
}

// SettingErrors returns every *SettingError joined in err.
func SettingErrors(err error) []*SettingError {
	var out []*SettingError
	var walk func(error)
	walk = func(err error) {
		if err == nil {
			return
		}
		// A hand-written walk rather than errors.As, which stops at the
		// first match: every SettingError in a joined tree is wanted.
		if se, ok := err.(*SettingError); ok { //nolint:errorlint // the walk unwraps err itself (see above)
			out = append(out, se)
			return
		}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
			return
		}
		walk(errors.Unwrap(err))
	}
	walk(err)
	return out
}
