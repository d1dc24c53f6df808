package client

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func envOf(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestSettingsFromEnv(t *testing.T) {
	t.Parallel()
	s := settingsFrom(envOf(map[string]string{
		"CONTACTCENTER_ENDPOINT":                "https://cc.example.com",
		"CONTACTCENTER_PORTAL_URL":              "https://portal.example.com/p",
		"CONTACTCENTER_ACCESS_TOKEN":            "tok",
		"CONTACTCENTER_SMS_APP_ID":              "app",
		"CONTACTCENTER_SMS_APP_KEY":             "key",
		"CONTACTCENTER_INSECURE_HTTP":           "1",
		"CONTACTCENTER_MAX_RETRIES":             "7",
		"CONTACTCENTER_REQUEST_TIMEOUT":         "45s",
		"CONTACTCENTER_MAX_REQUESTS_PER_SECOND": "2.5",
	}))
	cfg, err := s.Config()
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		URLs: map[Surface]string{
			SurfaceBase: "https://cc.example.com/open", SurfaceAutocall: "https://cc.example.com/autocall",
			SurfacePortal: "https://portal.example.com/p", SurfacePortalOpen: "https://cc.example.com/portal-open",
			SurfaceSMSAPI: "https://cc.example.com/smsapi",
		},
		AccessToken: "tok", AppID: "app", AppKey: "key", AllowInsecureHTTP: true,
		MaxRetries: 7, Timeout: 45 * time.Second, MaxRequestsPerSecond: 2.5,
	}
	if d := cmp.Diff(want, cfg); d != "" {
		t.Errorf("config (-want +got):\n%s", d)
	}

	// Nothing set: every surface is missing, the defaults apply.
	_, err = settingsFrom(envOf(nil)).Config()
	if got := SettingErrors(err); len(got) != len(Surfaces) || !got[0].Missing {
		t.Errorf("empty environment: %v", err)
	}
	cfg, err = settingsFrom(envOf(map[string]string{"CONTACTCENTER_ENDPOINT": "http://127.0.0.1:18080"})).Config()
	if err != nil || cfg.MaxRetries != DefaultMaxRetries || cfg.Timeout != 0 || cfg.MaxRequestsPerSecond != 0 || cfg.AllowInsecureHTTP {
		t.Errorf("defaults: %+v %v", cfg, err)
	}
}

// A bad value gives an error naming the variable and the value.
func TestSettingsFromEnv_badValues(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		value string
		want  string
	}{
		"CONTACTCENTER_MAX_RETRIES":      {"many", `CONTACTCENTER_MAX_RETRIES must be a whole number from 0 to 10, got "many"`},
		"CONTACTCENTER_MAX_RETRIES ":     {"11", "CONTACTCENTER_MAX_RETRIES must be from 0 to 10, got 11"},
		"CONTACTCENTER_REQUEST_TIMEOUT":  {"30", `CONTACTCENTER_REQUEST_TIMEOUT must be a positive duration with a unit, such as "30s", "2m" or "1m30s", got "30"`},
		"CONTACTCENTER_REQUEST_TIMEOUT ": {"-5s", `got "-5s"`},
		// Written with its unit: said to lack one.
		"CONTACTCENTER_REQUEST_TIMEOUT  ": {"9999999999h", `CONTACTCENTER_REQUEST_TIMEOUT must be at most 2562047h (about 292 years), the longest duration, got "9999999999h"`},
		// Negative and too long for Go: it was told to be at most 2562047h.
		"CONTACTCENTER_REQUEST_TIMEOUT   ":       {"-9999999999h", `CONTACTCENTER_REQUEST_TIMEOUT must be a positive duration with a unit, such as "30s", "2m" or "1m30s", got "-9999999999h"`},
		"CONTACTCENTER_INSECURE_HTTP":            {"maybe", `CONTACTCENTER_INSECURE_HTTP must be true or false, got "maybe"`},
		"CONTACTCENTER_MAX_REQUESTS_PER_SECOND":  {"fast", `CONTACTCENTER_MAX_REQUESTS_PER_SECOND must be a number greater than 0 such as 5 or 0.5, got "fast"`},
		"CONTACTCENTER_MAX_REQUESTS_PER_SECOND ": {"0", "CONTACTCENTER_MAX_REQUESTS_PER_SECOND must be a number greater than 0, got 0"},
		"CONTACTCENTER_ENDPOINT":                 {"http://cc.example.com", `CONTACTCENTER_ENDPOINT: "http://cc.example.com" uses plain http://`},
		"CONTACTCENTER_PORTAL_URL":               {"ftp://x", `CONTACTCENTER_PORTAL_URL: "ftp://x" must start with https://`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{"CONTACTCENTER_ENDPOINT": "https://cc.example.com", strings.TrimSpace(name): tc.value}
			_, err := settingsFrom(envOf(env)).Config()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			ses := SettingErrors(err)
			if len(ses) != 1 || ses[0].Var != strings.TrimSpace(name) || ses[0].Value != tc.value {
				t.Errorf("setting errors %+v", ses)
			}
		})
	}
	// Every bad value is reported, not only the first.
	_, err := settingsFrom(envOf(map[string]string{"CONTACTCENTER_ENDPOINT": "https://x.example.com",
		"CONTACTCENTER_MAX_RETRIES": "x", "CONTACTCENTER_INSECURE_HTTP": "y"})).Config()
	if n := len(SettingErrors(err)); n != 2 {
		t.Errorf("%d errors, want 2: %v", n, err)
	}
}

// Or: the first source wins setting by setting, a bad value included, and
// a bad value overridden is no error.
func TestSettingsOr(t *testing.T) {
	t.Parallel()
	env := settingsFrom(envOf(map[string]string{
		"CONTACTCENTER_ENDPOINT": "https://env.example.com", "CONTACTCENTER_MAX_RETRIES": "many",
		"CONTACTCENTER_ACCESS_TOKEN": "env-tok", "CONTACTCENTER_REQUEST_TIMEOUT": "1m",
	}))
	var flags Settings
	n := 5
	flags.MaxRetries = &n
	if err := flags.Set(string(SurfaceSMSAPI), "https://sms.example.com"); err != nil {
		t.Fatal(err)
	}
	if err := flags.Set(SettingAccessToken, "flag-tok"); err != nil {
		t.Fatal(err)
	}
	cfg, err := flags.Or(env).Config()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.MaxRetries != 5 || cfg.AccessToken != "flag-tok" || cfg.Timeout != time.Minute ||
		cfg.URLs[SurfaceSMSAPI] != "https://sms.example.com" || cfg.URLs[SurfaceBase] != "https://env.example.com/open" {
		t.Errorf("merged: %+v", cfg)
	}
	// Without the override, the environment's bad value is reported.
	if _, err := (Settings{}).Or(env).Config(); err == nil || !strings.Contains(err.Error(), `CONTACTCENTER_MAX_RETRIES must be a whole number from 0 to 10, got "many"`) {
		t.Errorf("bad env value not reported: %v", err)
	}
	// A flag's range error names the setting, not a variable.
	n = 11
	if _, err := flags.Or(env).Config(); err == nil || !strings.Contains(err.Error(), "max_retries must be from 0 to 10, got 11") || strings.Contains(err.Error(), "CONTACTCENTER_MAX_RETRIES") {
		t.Errorf("flag out of range: %v", err)
	}
	if err := flags.Set("nonsense", "1"); err == nil {
		t.Error("Set accepted an unknown setting")
	}

	// An endpoint in the configuration addresses every surface: a surface
	// URL left in the environment sent that surface's calls (with the
	// configuration's token) elsewhere.
	env = settingsFrom(envOf(map[string]string{"CONTACTCENTER_PORTAL_URL": "https://other.example.com/portal"}))
	var conf Settings
	if err := conf.Set(SettingEndpoint, "https://cc.example.com"); err != nil {
		t.Fatal(err)
	}
	cfg, err = conf.Or(env).Config()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.URLs[SurfacePortal] != "https://cc.example.com/portal" {
		t.Errorf("endpoint in the configuration, portal_url in the environment: portal at %q, want the endpoint's", cfg.URLs[SurfacePortal])
	}
}
