package provider_test

import (
	"fmt"
	"math/big"
	"net/http"

	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// attrs lists every provider attribute; each is also read from
// CONTACTCENTER_<NAME>.
var attrs = []string{"endpoint", "base_url", "autocall_url", "portal_url", "portal_open_url", "smsapi_url",
	"access_token", "sms_app_id", "sms_app_key", "request_timeout", "max_retries", "insecure_http", "max_requests_per_second"}

func envName(attr string) string { return "CONTACTCENTER_" + strings.ToUpper(attr) }

// clearEnv unsets every CONTACTCENTER_ variable for the test (an empty
// value counts as unset). Tests that call it cannot be parallel.
func clearEnv(t *testing.T) {
	for _, a := range attrs {
		t.Setenv(envName(a), "")
	}
}

// configured is the outcome of one ConfigureProvider call.
type configured struct {
	srv   tfprotov6.ProviderServer
	cfg   *client.Config // what the client was built from; nil on error
	diags []*tfprotov6.Diagnostic
}

func (c configured) errorOn(attr, summary string) bool {
	for _, d := range c.diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError && d.Attribute != nil &&
			d.Attribute.Equal(tftypes.NewAttributePath().WithAttributeName(attr)) && strings.Contains(d.Summary+" "+d.Detail, summary) {
			return true
		}
	}
	return false
}

func (c configured) text() string {
	var b strings.Builder
	for _, d := range c.diags {
		b.WriteString(d.Summary + ": " + d.Detail)
		if d.Attribute != nil {
			b.WriteString(" @" + d.Attribute.String())
		}
		b.WriteString("\n")
	}
	return b.String()
}

// configure runs ConfigureProvider in process with config (attribute name
// → Go value: string, int, bool, or tftypes.UnknownValue); absent
// attributes are null.
func configure(t *testing.T, config map[string]any) configured {
	t.Helper()
	var got *client.Config
	var mu sync.Mutex
	hook := func(c *client.Config) {
		mu.Lock()
		defer mu.Unlock()
		cp := *c
		got = &cp
	}
	srv, err := providerserver.NewProtocol6WithError(provider.NewWithConfigHook("1.2.3", hook)())()
	if err != nil {
		t.Fatal(err)
	}
	schema, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	typ := schema.Provider.ValueType().(tftypes.Object)
	resp, err := srv.ConfigureProvider(t.Context(), &tfprotov6.ConfigureProviderRequest{TerraformVersion: "1.99.0", Config: dynamic(t, typ, config)})
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	out := configured{srv: srv, diags: resp.Diagnostics}
	for _, d := range resp.Diagnostics {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return out
		}
	}
	out.cfg = got
	return out
}

func dynamic(t *testing.T, typ tftypes.Object, vals map[string]any) *tfprotov6.DynamicValue {
	t.Helper()
	full := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		v, ok := vals[name]
		switch {
		case !ok:
			full[name] = tftypes.NewValue(at, nil)
		case v == tftypes.UnknownValue:
			full[name] = tftypes.NewValue(at, tftypes.UnknownValue)
		default:
			if n, isInt := v.(int); isInt {
				v = int64(n)
			}
			full[name] = tftypes.NewValue(at, v)
		}
	}
	dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, full))
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}

var minimal = map[string]any{"endpoint": "http://127.0.0.1:18080", "access_token": "t"}

func with(base map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		if kv[i+1] == nil {
			delete(out, kv[i].(string))
		} else {
			out[kv[i].(string)] = kv[i+1]
		}
	}
	return out
}

func TestProviderDefaultsAndEndpoint(t *testing.T) {
	clearEnv(t)
	c := configure(t, with(minimal, "endpoint", "https://cc.example.com/"))
	if c.cfg == nil {
		t.Fatal(c.text())
	}
	want := map[client.Surface]string{
		client.SurfaceBase: "https://cc.example.com/open", client.SurfaceAutocall: "https://cc.example.com/autocall",
		client.SurfacePortal: "https://cc.example.com/portal", client.SurfacePortalOpen: "https://cc.example.com/portal-open",
		client.SurfaceSMSAPI: "https://cc.example.com/smsapi",
	}
	for s, u := range want {
		if c.cfg.URLs[s] != u {
			t.Errorf("%s = %q, want %q", s, c.cfg.URLs[s], u)
		}
	}
	if c.cfg.MaxRetries != 3 || c.cfg.Timeout != 0 || c.cfg.AllowInsecureHTTP || c.cfg.AccessToken != "t" {
		t.Errorf("defaults: %+v", c.cfg)
	}
	if !strings.Contains(c.cfg.UserAgent, "terraform-provider-contactcenter/1.2.3") || !strings.Contains(c.cfg.UserAgent, "Terraform/1.99.0") {
		t.Errorf("User-Agent %q", c.cfg.UserAgent)
	}

	// The bounds of max_retries are accepted.
	for _, n := range []int{0, 10} {
		if c = configure(t, with(minimal, "max_retries", n)); c.cfg == nil || c.cfg.MaxRetries != n {
			t.Errorf("max_retries = %d: %s", n, c.text())
		}
	}

	// Per-surface overrides win over the derived URL, each on its own.
	c = configure(t, with(minimal, "portal_url", "https://portal.example.com/p", "smsapi_url", "https://sms.example.com"))
	if c.cfg == nil || c.cfg.URLs[client.SurfacePortal] != "https://portal.example.com/p" || c.cfg.URLs[client.SurfaceSMSAPI] != "https://sms.example.com" ||
		c.cfg.URLs[client.SurfaceBase] != "http://127.0.0.1:18080/open" {
		t.Errorf("overrides: %s %+v", c.text(), c.cfg)
	}
	// Without endpoint, the five overrides are enough.
	all := map[string]any{"access_token": "t"}
	for _, s := range client.Surfaces {
		all[string(s)] = "https://" + strings.ReplaceAll(string(s), "_", "-") + ".example.com"
	}
	if c = configure(t, all); c.cfg == nil || c.cfg.URLs[client.SurfaceAutocall] != "https://autocall-url.example.com" {
		t.Errorf("five overrides: %s", c.text())
	}
}

// Every attribute is read from CONTACTCENTER_<NAME> when the configuration
// leaves it null, and the configuration wins when both are set.
func TestProviderEnvironment(t *testing.T) {
	cases := map[string]struct {
		env, config any
		check       func(c *client.Config) any // returns the observed value
		fromEnv     any
		fromConfig  any
	}{
		"endpoint":                {"https://env.example.com", "https://cfg.example.com", func(c *client.Config) any { return c.URLs[client.SurfaceBase] }, "https://env.example.com/open", "https://cfg.example.com/open"},
		"base_url":                {"https://env.example.com/b", "https://cfg.example.com/b", func(c *client.Config) any { return c.URLs[client.SurfaceBase] }, "https://env.example.com/b", "https://cfg.example.com/b"},
		"autocall_url":            {"https://env.example.com/a", "https://cfg.example.com/a", func(c *client.Config) any { return c.URLs[client.SurfaceAutocall] }, "https://env.example.com/a", "https://cfg.example.com/a"},
		"portal_url":              {"https://env.example.com/p", "https://cfg.example.com/p", func(c *client.Config) any { return c.URLs[client.SurfacePortal] }, "https://env.example.com/p", "https://cfg.example.com/p"},
		"portal_open_url":         {"https://env.example.com/po", "https://cfg.example.com/po", func(c *client.Config) any { return c.URLs[client.SurfacePortalOpen] }, "https://env.example.com/po", "https://cfg.example.com/po"},
		"smsapi_url":              {"https://env.example.com/s", "https://cfg.example.com/s", func(c *client.Config) any { return c.URLs[client.SurfaceSMSAPI] }, "https://env.example.com/s", "https://cfg.example.com/s"},
		"access_token":            {"env-token", "cfg-token", func(c *client.Config) any { return c.AccessToken }, "env-token", "cfg-token"},
		"sms_app_id":              {"env-app", "cfg-app", func(c *client.Config) any { return c.AppID }, "env-app", "cfg-app"},
		"sms_app_key":             {"env-key", "cfg-key", func(c *client.Config) any { return c.AppKey }, "env-key", "cfg-key"},
		"request_timeout":         {"45s", "2m", func(c *client.Config) any { return c.Timeout }, 45 * time.Second, 2 * time.Minute},
		"max_retries":             {"7", 0, func(c *client.Config) any { return c.MaxRetries }, 7, 0},
		"insecure_http":           {"true", false, func(c *client.Config) any { return c.AllowInsecureHTTP }, true, false},
		"max_requests_per_second": {"2.5", 7.0, func(c *client.Config) any { return c.MaxRequestsPerSecond }, 2.5, 7.0},
	}
	for attr, tc := range cases {
		t.Run(attr, func(t *testing.T) {
			clearEnv(t)
			t.Setenv(envName(attr), tc.env.(string))
			base := with(minimal, attr, nil)
			if attr == "access_token" {
				base = map[string]any{"endpoint": "https://x.example.com"}
			}
			if strings.HasSuffix(attr, "_url") {
				// An endpoint in the configuration addresses every surface
				// (a surface URL from the environment is ignored then): the
				// other surfaces come from the environment's endpoint.
				t.Setenv("CONTACTCENTER_ENDPOINT", "https://root.example.com")
				base = with(base, "endpoint", nil)
			}
			c := configure(t, base)
			if c.cfg == nil {
				t.Fatalf("from the environment: %s", c.text())
			}
			if got := tc.check(c.cfg); got != tc.fromEnv {
				t.Errorf("from %s: %v, want %v", envName(attr), got, tc.fromEnv)
			}
			c = configure(t, with(base, attr, tc.config))
			if c.cfg == nil {
				t.Fatalf("from the configuration: %s", c.text())
			}
			if got := tc.check(c.cfg); got != tc.fromConfig {
				t.Errorf("configuration and environment both set: %v, want the configuration's %v", got, tc.fromConfig)
			}
		})
	}
}

func TestProviderErrors(t *testing.T) {
	cases := map[string]struct {
		env     map[string]string
		config  map[string]any
		attr    string
		summary string
	}{
		"no endpoint":                     {nil, map[string]any{"access_token": "t"}, "endpoint", "Missing Endpoint"},
		"no endpoint names every surface": {nil, map[string]any{"access_token": "t", "portal_url": "https://p.example.com"}, "smsapi_url", "Missing Surface URL"},
		"no access_token":                 {nil, map[string]any{"endpoint": "https://x.example.com"}, "access_token", "Missing Access Token"},
		"empty access_token":              {nil, map[string]any{"endpoint": "https://x.example.com", "access_token": ""}, "access_token", "CONTACTCENTER_ACCESS_TOKEN"},
		"unknown endpoint":                {nil, with(minimal, "endpoint", tftypes.UnknownValue), "endpoint", "Unknown Provider Setting"},
		"unknown access_token":            {nil, with(minimal, "access_token", tftypes.UnknownValue), "access_token", "known only after apply"},
		"unknown portal_url":              {nil, with(minimal, "portal_url", tftypes.UnknownValue), "portal_url", "Unknown Provider Setting"},
		"unknown sms_app_key":             {nil, with(minimal, "sms_app_key", tftypes.UnknownValue), "sms_app_key", "Unknown Provider Setting"},
		"unknown request_timeout":         {nil, with(minimal, "request_timeout", tftypes.UnknownValue), "request_timeout", "Unknown Provider Setting"},
		"unknown max_retries":             {nil, with(minimal, "max_retries", tftypes.UnknownValue), "max_retries", "Unknown Provider Setting"},
		"unknown insecure_http":           {nil, with(minimal, "insecure_http", tftypes.UnknownValue), "insecure_http", "Unknown Provider Setting"},
		"http endpoint not loopback":      {nil, with(minimal, "endpoint", "http://cc.example.com"), "endpoint", "insecure_http = true"},
		"http override not loopback":      {nil, with(minimal, "base_url", "http://10.1.2.3/open"), "base_url", "not loopback"},
		"http endpoint from env":          {map[string]string{"CONTACTCENTER_ENDPOINT": "http://cc.example.com"}, map[string]any{"access_token": "t"}, "endpoint", "Invalid Endpoint"},
		"ftp endpoint":                    {nil, with(minimal, "endpoint", "ftp://x"), "endpoint", "https://"},
		"request_timeout text":            {nil, with(minimal, "request_timeout", "soon"), "request_timeout", `got "soon"`},
		"request_timeout no unit":         {nil, with(minimal, "request_timeout", "30"), "request_timeout", "Invalid Request Timeout"},
		"request_timeout zero":            {nil, with(minimal, "request_timeout", "0s"), "request_timeout", "positive"},
		"request_timeout negative env":    {map[string]string{"CONTACTCENTER_REQUEST_TIMEOUT": "-5s"}, minimal, "request_timeout", "Invalid Request Timeout"},
		"max_retries 11":                  {nil, with(minimal, "max_retries", 11), "max_retries", "from 0 to 10, got 11"},
		"max_retries -1":                  {nil, with(minimal, "max_retries", -1), "max_retries", "got -1"},
		"max_retries env text":            {map[string]string{"CONTACTCENTER_MAX_RETRIES": "many"}, minimal, "max_retries", `got "many"`},
		"max_retries env 20":              {map[string]string{"CONTACTCENTER_MAX_RETRIES": "20"}, minimal, "max_retries", "got 20"},
		"insecure_http env text":          {map[string]string{"CONTACTCENTER_INSECURE_HTTP": "maybe"}, minimal, "insecure_http", `got "maybe"`},
		"max_requests_per_second 0":       {nil, with(minimal, "max_requests_per_second", 0.0), "max_requests_per_second", "greater than 0, got 0"},
		// 0 turns max_retries' retries off; a user took 0 here for "no
		// pacing" too, and was told only that it must be greater.
		"max_requests_per_second 0 is not off": {nil, with(minimal, "max_requests_per_second", 0.0), "max_requests_per_second", "got 0 (no pacing is the default: leave it unset)"},
		"max_requests_per_second env text":     {map[string]string{"CONTACTCENTER_MAX_REQUESTS_PER_SECOND": "fast"}, minimal, "max_requests_per_second", `CONTACTCENTER_MAX_REQUESTS_PER_SECOND must be a number greater than 0 such as 5 or 0.5, got "fast"`},
		"max_requests_per_second 1e-9":         {nil, with(minimal, "max_requests_per_second", 1e-9), "max_requests_per_second", "must be at least 0.01 (one request every 100 seconds), got 1e-09"},
		"max_requests_per_second env 0.001":    {map[string]string{"CONTACTCENTER_MAX_REQUESTS_PER_SECOND": "0.001"}, minimal, "max_requests_per_second", "CONTACTCENTER_MAX_REQUESTS_PER_SECOND must be at least 0.01 (one request every 100 seconds), got 0.001"},
		"max_requests_per_second env -1":       {map[string]string{"CONTACTCENTER_MAX_REQUESTS_PER_SECOND": "-1"}, minimal, "max_requests_per_second", "CONTACTCENTER_MAX_REQUESTS_PER_SECOND must be a number greater than 0, got -1"},
		"unknown max_requests_per_second":      {nil, with(minimal, "max_requests_per_second", tftypes.UnknownValue), "max_requests_per_second", "Unknown Provider Setting"},
		"max_retries env names the variable":   {map[string]string{"CONTACTCENTER_MAX_RETRIES": "20"}, minimal, "max_retries", "CONTACTCENTER_MAX_RETRIES must be from 0 to 10, got 20"},
		// An empty value in the configuration (a variable left empty) does
		// not fall back to the environment, which may name another platform.
		"empty endpoint, env set": {map[string]string{"CONTACTCENTER_ENDPOINT": "https://other.example.com"}, with(minimal, "endpoint", ""), "endpoint",
			"endpoint is set to an empty string (or only white space). Give it a value, or remove it from the provider block to use the environment variable CONTACTCENTER_ENDPOINT."},
		"empty access_token, env set":   {map[string]string{"CONTACTCENTER_ACCESS_TOKEN": "other-token"}, with(minimal, "access_token", " "), "access_token", "Empty Provider Setting"},
		"unknown names the way out":     {nil, with(minimal, "endpoint", tftypes.UnknownValue), "endpoint", "remove it from the provider block and set the environment variable CONTACTCENTER_ENDPOINT"},
		"max_requests_per_second 1e400": {nil, with(minimal, "max_requests_per_second", hugeNumber()), "max_requests_per_second", "Invalid Max Requests Per Second"},
		// A token read with file() keeps the file's last line break: every
		// request failed with Go's "invalid header field value", retried.
		"access_token from file()": {nil, with(minimal, "access_token", "tok-secret-1\n"), "access_token",
			"Invalid Access Token access_token must not hold white space or control characters: it has a line break at the end"},
		"access_token env with a space": {map[string]string{"CONTACTCENTER_ACCESS_TOKEN": "tok secret-1"}, with(minimal, "access_token", nil), "access_token",
			"Invalid Access Token CONTACTCENTER_ACCESS_TOKEN must not hold white space or control characters: it has a space inside"},
		"sms_app_key with a tab": {nil, with(with(minimal, "sms_app_id", "app"), "sms_app_key", "\tkey-secret-1"), "sms_app_key", "Invalid SMS App Key sms_app_key must not hold white space or control characters: it has a tab at the start"},
		"access_token Bearer":    {nil, with(minimal, "access_token", "Bearer tok-secret-1"), "access_token", "drop the \"Bearer \" prefix, which each request adds"},
		// A variable of another name was exported: the error said only
		// that the setting was missing.
		"token in CONTACTCENTER_TOKEN": {map[string]string{"CONTACTCENTER_TOKEN": "tok-secret-1"}, map[string]any{"endpoint": "https://x.example.com"}, "access_token",
			"the SMS gateway carries it as a bearer token. CONTACTCENTER_TOKEN is set but not read: the variable is CONTACTCENTER_ACCESS_TOKEN."},
		"endpoint misspelt in the environment": {map[string]string{"CONTACTCENTER_ENDPOIT": "https://x.example.com"}, map[string]any{"access_token": "t"}, "endpoint",
			"CONTACTCENTER_ENDPOIT is set but not read: the variable is CONTACTCENTER_ENDPOINT"},
		"token in lower case": {map[string]string{"contactcenter_access_token": "tok-secret-1"}, map[string]any{"endpoint": "https://x.example.com"}, "access_token",
			"contactcenter_access_token is set but not read: the variable is CONTACTCENTER_ACCESS_TOKEN, in capitals"},
		// An endpoint from a terraform_data (or a module's output) made
		// the first plan fail saying only to set a known value or an
		// environment variable; the usual way out is to create that
		// resource first.
		"unknown names -target": {nil, with(minimal, "access_token", tftypes.UnknownValue), "access_token",
			"create it first, alone, with terraform apply -target=<its address>, then run terraform apply"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			clearEnv(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			c := configure(t, tc.config)
			if c.cfg != nil || !c.errorOn(tc.attr, tc.summary) {
				t.Errorf("want an error on %s containing %q; got:\n%s", tc.attr, tc.summary, c.text())
			}
			if strings.Contains(c.text(), "secret-1") {
				t.Errorf("the error repeats a secret:\n%s", c.text())
			}
			if tc.attr == "access_token" && strings.Contains(tc.summary, "Invalid Access Token") && strings.Contains(c.text(), "Missing Access Token") {
				t.Errorf("a refused token is not also missing:\n%s", c.text())
			}
		})
	}
	// An empty provider block: one error per missing setting (the endpoint,
	// the token), not one per surface.
	clearEnv(t)
	if c := configure(t, map[string]any{}); len(c.diags) != 2 || !c.errorOn("endpoint", "Set endpoint") ||
		!c.errorOn("access_token", "Missing Access Token") {
		t.Errorf("provider {}: want exactly two errors, on endpoint and access_token; got:\n%s", c.text())
	}
	// The configuration wins over a bad value in the environment.
	clearEnv(t)
	t.Setenv("CONTACTCENTER_MAX_RETRIES", "many")
	if c := configure(t, with(minimal, "max_retries", 2)); c.cfg == nil || c.cfg.MaxRetries != 2 {
		t.Errorf("max_retries = 2 over CONTACTCENTER_MAX_RETRIES=many: %s", c.text())
	}
	// Only the unknown attribute is blamed.
	clearEnv(t)
	c := configure(t, with(minimal, "max_retries", tftypes.UnknownValue))
	if c.errorOn("insecure_http", "") {
		t.Errorf("unknown max_retries blamed insecure_http:\n%s", c.text())
	}
}

func TestProviderInsecureHTTP(t *testing.T) {
	clearEnv(t)
	for name, config := range map[string]map[string]any{
		"loopback v4":       with(minimal, "endpoint", "http://127.0.0.1:9"),
		"localhost":         with(minimal, "endpoint", "http://localhost:9"),
		"loopback v6":       with(minimal, "endpoint", "http://[::1]:9"),
		"opted in":          with(minimal, "endpoint", "http://cc.example.com", "insecure_http", true),
		"override opted in": with(minimal, "portal_url", "http://10.0.0.1/portal", "insecure_http", true),
	} {
		if c := configure(t, config); c.cfg == nil {
			t.Errorf("%s: %s", name, c.text())
		}
	}
	t.Setenv("CONTACTCENTER_INSECURE_HTTP", "1")
	if c := configure(t, with(minimal, "endpoint", "http://cc.example.com")); c.cfg == nil || !c.cfg.AllowInsecureHTTP {
		t.Errorf("CONTACTCENTER_INSECURE_HTTP=1: %s", c.text())
	}
}

// What the service receives: the User-Agent names the provider and
// Terraform versions, and the bearer token is sent.
func TestProviderUserAgentOnTheWire(t *testing.T) {
	clearEnv(t)
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var agents, paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		agents = append(agents, r.UserAgent())
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		sim.ServeHTTP(w, r)
	}))
	defer srv.Close()
	c := configure(t, map[string]any{"endpoint": srv.URL, "access_token": "sim-token"})
	if c.cfg == nil {
		t.Fatal(c.text())
	}
	schema, _ := c.srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	typ := schema.DataSourceSchemas["contactcenter_skill_groups"].ValueType().(tftypes.Object)
	resp, err := c.srv.ReadDataSource(t.Context(), &tfprotov6.ReadDataSourceRequest{TypeName: "contactcenter_skill_groups", Config: dynamic(t, typ, nil)})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range resp.Diagnostics {
		t.Errorf("read: %s: %s", d.Summary, d.Detail)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(agents) != 1 || paths[0] != "/portal/v2/svcapi/queue/list" {
		t.Fatalf("requests %v", paths)
	}
	if ua := agents[0]; !strings.HasPrefix(ua, "terraform-provider-contactcenter/1.2.3 ") || !strings.HasSuffix(ua, " Terraform/1.99.0") {
		t.Errorf("User-Agent %q", ua)
	}
}

// Through the real Terraform CLI: the User-Agent the service receives names
// the provider version and the version of the Terraform that runs it.
func TestAccProvider_userAgent(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	agents := map[string]bool{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		agents[r.UserAgent()] = true
		mu.Unlock()
		sim.ServeHTTP(w, r)
	}))
	defer srv.Close()
	resource.Test(t, resource.TestCase{
		PreCheck: func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: map[string]func() (tfprotov6.ProviderServer, error){
			"contactcenter": providerserver.NewProtocol6WithError(provider.New("9.8.7")()),
		},
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf(`
provider "contactcenter" {
  endpoint     = %q
  access_token = "sim-token"
}

data "contactcenter_skill_groups" "all" {}
`, srv.URL),
		}},
	})
	mu.Lock()
	defer mu.Unlock()
	ua := regexp.MustCompile(`^terraform-provider-contactcenter/9\.8\.7 \(\+https://registry\.terraform\.io/providers/contactcenter/contactcenter\) Terraform/[0-9]+\.[0-9]+\.[0-9]+`)
	if len(agents) != 1 {
		t.Fatalf("User-Agents %v, want exactly one", agents)
	}
	for a := range agents {
		if !ua.MatchString(a) {
			t.Errorf("User-Agent %q does not match %s", a, ua)
		}
	}
}

// max_requests_per_second is refused at validation when not above 0.
func TestProviderValidateMaxRequestsPerSecond(t *testing.T) {
	if got := validateProvider(t, with(minimal, "max_requests_per_second", hugeNumber())); !got.errorOn("max_requests_per_second", "must be a finite number greater than 0 such as 5 or 0.5, got 1e+400") ||
		strings.Contains(got.text(), "always an error in the provider") {
		t.Errorf("max_requests_per_second = 1e400: %s", got.text())
	}
	for v, wantErr := range map[float64]bool{0: true, -2: true, 0.5: false, 5: false} {
		got := validateProvider(t, with(minimal, "max_requests_per_second", v))
		if wantErr != got.errorOn("max_requests_per_second", "must be greater than 0") {
			t.Errorf("max_requests_per_second = %g: %s", v, got.text())
		}
	}
}

// BenchmarkProviderSchema: every terraform command starts the provider and
// asks for its whole schema (every resource, data source, action, list
// resource and function), so this is paid once per command.
func BenchmarkProviderSchema(b *testing.B) {
	for b.Loop() {
		srv, err := providerserver.NewProtocol6WithError(provider.New("bench")())()
		if err != nil {
			b.Fatal(err)
		}
		resp, err := srv.GetProviderSchema(b.Context(), &tfprotov6.GetProviderSchemaRequest{})
		if err != nil || len(resp.Diagnostics) > 0 {
			b.Fatalf("GetProviderSchema: %v %v", err, resp.Diagnostics)
		}
	}
}

// hugeNumber is 1e400, a number Terraform holds and a float64 cannot.
func hugeNumber() *big.Float {
	f, _, _ := big.ParseFloat("1e400", 10, 512, big.ToNearestEven)
	return f
}

// TestProviderValidateSettings: terraform validate checks the settings
// written in the configuration, as Configure does; they passed validate
// and failed only at plan.
func TestProviderValidateSettings(t *testing.T) {
	srv, err := providerserver.NewProtocol6WithError(provider.New("1.2.3")())()
	if err != nil {
		t.Fatal(err)
	}
	schema, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	typ := schema.Provider.ValueType().(tftypes.Object)
	cases := map[string]struct {
		config    map[string]any
		attr, msg string
	}{
		"max_retries 11":        {with(minimal, "max_retries", 11), "max_retries", "max_retries must be from 0 to 10, got 11"},
		"request_timeout text":  {with(minimal, "request_timeout", "abc"), "request_timeout", `must be a positive duration with a unit, such as "30s", "2m" or "1m30s", got "abc"`},
		"endpoint ftp":          {with(minimal, "endpoint", "ftp://x"), "endpoint", `endpoint: "ftp://x" must start with https://`},
		"endpoint with a query": {with(minimal, "endpoint", "https://cc.example.com?x=1"), "endpoint", "has a query or fragment"},
		"portal_url no host":    {with(minimal, "portal_url", "https:///portal"), "portal_url", "has no host"},
		"valid":                 {with(minimal, "request_timeout", "45s"), "", ""},
		"plain http is left to Configure (insecure_http may come from the environment)": {with(minimal, "endpoint", "http://cc.example.com"), "", ""},
	}
	for name, tc := range cases {
		resp, err := srv.ValidateProviderConfig(t.Context(), &tfprotov6.ValidateProviderConfigRequest{Config: dynamic(t, typ, tc.config)})
		if err != nil {
			t.Fatal(err)
		}
		got := configured{diags: resp.Diagnostics}
		if tc.attr == "" && len(resp.Diagnostics) != 0 || tc.attr != "" && !got.errorOn(tc.attr, tc.msg) {
			t.Errorf("%s: %s", name, got.text())
		}
	}
}

// TestProviderEndpointAddressesEverySurface: a CONTACTCENTER_PORTAL_URL
// left in the shell sent the portal calls of a configuration that sets
// endpoint (with its token) to another contact center.
func TestProviderEndpointAddressesEverySurface(t *testing.T) {
	clearEnv(t)
	t.Setenv("CONTACTCENTER_PORTAL_URL", "https://other.example.com/portal")
	c := configure(t, minimal)
	if c.cfg == nil {
		t.Fatal(c.text())
	}
	if got := c.cfg.URLs[client.SurfacePortal]; got != "http://127.0.0.1:18080/portal" {
		t.Errorf("portal at %q, want the configured endpoint's", got)
	}
}
