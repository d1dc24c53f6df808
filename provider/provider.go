// Package provider is the contactcenter Terraform provider: its schema,
// Configure (which builds the *client.Client every object uses), and the
// registration of resources, data sources, actions and functions.
package provider

import (
	"context"
	"fmt"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ provider.Provider              = (*ccProvider)(nil)
	_ provider.ProviderWithActions   = (*ccProvider)(nil)
	_ provider.ProviderWithFunctions = (*ccProvider)(nil)
)

// New returns a constructor of the provider for providerserver.
func New(version string) func() provider.Provider {
	return func() provider.Provider { return &ccProvider{version: version} }
}

type ccProvider struct {
	version string
	// configureHook may adjust the client configuration (tests).
	configureHook func(*client.Config)
}

// NewWithConfigHook is New with a hook that may adjust the client
// configuration (tests shorten retry waits with it).
func NewWithConfigHook(version string, hook func(*client.Config)) func() provider.Provider {
	return func() provider.Provider { return &ccProvider{version: version, configureHook: hook} }
}

type providerModel struct {
	Endpoint       types.String `tfsdk:"endpoint"`
	BaseURL        types.String `tfsdk:"base_url"`
	AutocallURL    types.String `tfsdk:"autocall_url"`
	PortalURL      types.String `tfsdk:"portal_url"`
	PortalOpenURL  types.String `tfsdk:"portal_open_url"`
	SMSAPIURL      types.String `tfsdk:"smsapi_url"`
	AccessToken    types.String `tfsdk:"access_token"`
	SMSAppID       types.String `tfsdk:"sms_app_id"`
	SMSAppKey      types.String `tfsdk:"sms_app_key"`
	RequestTimeout types.String `tfsdk:"request_timeout"`
	MaxRetries     types.Int64  `tfsdk:"max_retries"`
	InsecureHTTP   types.Bool   `tfsdk:"insecure_http"`
	// MaxRequestsPerSecond paces every call of the provider.
	MaxRequestsPerSecond types.Number `tfsdk:"max_requests_per_second"`
}

func (p *ccProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "contactcenter"
	resp.Version = p.version
}

func (p *ccProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	surface := func(s client.Surface, what string) schema.StringAttribute {
		return schema.StringAttribute{
			Optional: true, Validators: []validator.String{settingCheck{string(s)}},
			MarkdownDescription: fmt.Sprintf("Base URL of the API that serves %s (the platform documentation calls it `{%s}`). Overrides the URL derived from `endpoint` (`endpoint` + `%s`). Also read from `CONTACTCENTER_%s`, unless the configuration sets `endpoint`. Without `endpoint`, each of the five surface URLs must be set, also those of surfaces the configuration does not use.",
				what, s, client.SurfacePrefixes[s], strings.ToUpper(string(s))),
		}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "The contactcenter provider manages a contact-center platform through its open interface: " +
			"agents, skill groups, outbound tasks, SMS signatures and templates, webhooks, voice files and the SMS gateway. " +
			"Every attribute can also be set through the environment variable `CONTACTCENTER_<ATTRIBUTE NAME IN UPPER CASE>`; the configuration wins " +
			"(and an `endpoint` in the configuration also sets the surfaces the configuration does not name, over their `CONTACTCENTER_*_URL` variables).",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"endpoint": schema.StringAttribute{
				Optional: true, Validators: []validator.String{settingCheck{client.SettingEndpoint}},
				MarkdownDescription: "Origin that serves all five API surfaces under fixed prefixes (`/open`, `/autocall`, `/portal`, `/portal-open`, `/smsapi`), " +
					"as the built-in simulator does, e.g. `http://127.0.0.1:18080`. Each surface can be overridden on its own. Also read from `CONTACTCENTER_ENDPOINT`. " +
					"Set here, it addresses every surface the configuration does not set: a `CONTACTCENTER_*_URL` variable is then ignored.",
			},
			"base_url":        surface(client.SurfaceBase, "SMS management and agents"),
			"autocall_url":    surface(client.SurfaceAutocall, "outbound tasks and webhooks"),
			"portal_url":      surface(client.SurfacePortal, "voice, ASR, skill groups and reference data"),
			"portal_open_url": surface(client.SurfacePortalOpen, "number selection and IVRs"),
			"smsapi_url":      surface(client.SurfaceSMSAPI, "the SMS gateway"),
			"access_token": schema.StringAttribute{
				Optional: true, Sensitive: true,
				MarkdownDescription: "Access token of the platform, sent as `Authorization: Bearer <token>` with every request except those to the SMS gateway " +
					"(which signs its requests with `sms_app_id` and `sms_app_key` instead). Required: set it here or in the `CONTACTCENTER_ACCESS_TOKEN` environment variable.",
			},
			"sms_app_id": schema.StringAttribute{
				Optional:            true,
				MarkdownDescription: "Application id of the SMS gateway (its `appId`), sent with every gateway request. Needed only by the gateway resources, data sources and actions (`contactcenter_gateway_*`). Also read from `CONTACTCENTER_SMS_APP_ID`.",
			},
			"sms_app_key": schema.StringAttribute{
				Optional: true, Sensitive: true,
				MarkdownDescription: "Secret key of the SMS gateway application (its `appKey`): every gateway request carries a SHA-256 signature made with it; the key itself is never sent. " +
					"Needed only by the gateway resources, data sources and actions (`contactcenter_gateway_*`). Also read from `CONTACTCENTER_SMS_APP_KEY`.",
			},
			"request_timeout": schema.StringAttribute{
				Optional: true, Validators: []validator.String{settingCheck{client.SettingRequestTimeout}},
				MarkdownDescription: "Time limit of one HTTP attempt, as a duration with a unit such as `30s`, `2m` or `1m30s`. Defaults to `30s`. " +
					"A create that gets no answer in time (or that a gateway in front of the platform answers HTTP 504) may still be carried out by the platform: " +
					"it is looked up by its key for one more `request_timeout` before it is sent again (one whose connection is cut without an answer after a second or more, for as long again as it had waited, " +
					"at most a `request_timeout`). Keep the limit above the platform's slowest writes: " +
					"a create still running well after the limit can be carried out twice. Also read from `CONTACTCENTER_REQUEST_TIMEOUT`.",
			},
			"max_retries": schema.Int64Attribute{
				Optional: true, Validators: []validator.Int64{settingCheck{client.SettingMaxRetries}},
				MarkdownDescription: "How many times a safe call (a read, a delete, an update by id) is retried after a network error, an HTTP 5xx or gateway code 1010, " +
					"with exponential backoff. Creates are never re-sent blindly. Any call, creates and sends included, is retried too when its request never reached the platform " +
					"(no connection could be made, within `request_timeout` or at all), and after an HTTP 429 (a rate limit: the call was refused, not processed), " +
					"once the wait its `Retry-After` names has passed (plus a random part that keeps concurrent calls apart), for up to " + client.DefaultRateLimitPatienceText + " and whatever this number, " +
					"and after a 429 the provider slows its own pace down, speeding up again as calls succeed; `0` turns those retries off too (set `max_requests_per_second` " +
					"below the platform's limit to avoid them). An action shows each wait of a second or more as a progress line. Once nothing could be reached at an address " +
					"(connection refused, no such host) for 30 seconds (or for as long as one call's retries wait, if longer), with no call answered meanwhile, the calls to it are sent once, without retries, " +
					"until one is answered: a plan of many objects against a stopped service fails in about that time, and a restart shorter than that changes nothing. " +
					"Between `0` and `10`; defaults to `3`. Also read from `CONTACTCENTER_MAX_RETRIES`.",
			},
			"max_requests_per_second": schema.NumberAttribute{
				// A number, not a float64: 1e400 would fail the conversion
				// with the framework's "always an error in the provider".
				Optional:   true,
				Validators: []validator.Number{positiveFloat{}},
				MarkdownDescription: "The most API requests this provider configuration sends per second, on all five surfaces together and retries included " +
					"(each provider block, alias or concurrent run, and `ccsync`, paces its own requests: their rates add up); " +
					"requests are spaced evenly, at least `1 / max_requests_per_second` seconds apart. Set it below the platform's rate limit. " +
					"At least `0.01` (one request every 100 seconds), e.g. `5` or `0.5`. Unset means no pacing until the platform answers HTTP 429, after which the provider paces itself (see `max_retries`). " +
					"Also read from `CONTACTCENTER_MAX_REQUESTS_PER_SECOND`.",
			},
			"insecure_http": schema.BoolAttribute{
				Optional:            true,
				MarkdownDescription: "Allow plain `http://` URLs to hosts other than loopback. Tokens and keys then travel unencrypted. Defaults to `false`. Also read from `CONTACTCENTER_INSECURE_HTTP`.",
			},
		}),
	}
}

// settingCheck runs, at validation (terraform validate), the check that
// Configure makes of a setting written in the configuration, with the same
// message: a value from the environment can only be checked in Configure.
// URLs are checked for their form; whether plain http:// is allowed
// depends on insecure_http, which may come from the environment, and is
// left to Configure.
type settingCheck struct{ setting string }

func (c settingCheck) Description(context.Context) string {
	return c.setting + " must be a valid connection setting"
}

func (c settingCheck) MarkdownDescription(ctx context.Context) string { return c.Description(ctx) }

func (c settingCheck) check(p path.Path, value string, diags *diag.Diagnostics) {
	var err error
	switch c.setting {
	case client.SettingRequestTimeout, client.SettingMaxRetries:
		err = (&client.Settings{}).Set(c.setting, value)
	default:
		if strings.TrimSpace(value) == "" {
			return // Configure names an empty setting
		}
		if _, uerr := client.ValidateURL(value, true); uerr != nil {
			err = fmt.Errorf("%s: %w", c.setting, uerr)
		}
	}
	if err != nil {
		summary := settingSummaries[c.setting]
		if summary == "" {
			summary = "Invalid Surface URL"
		}
		diags.AddAttributeError(p, summary, err.Error()+".")
	}
}

func (c settingCheck) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown() {
		c.check(req.Path, req.ConfigValue.ValueString(), &resp.Diagnostics)
	}
}

func (c settingCheck) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown() {
		c.check(req.Path, strconv.FormatInt(req.ConfigValue.ValueInt64(), 10), &resp.Diagnostics)
	}
}

// positiveFloat refuses zero and negative numbers.
type positiveFloat struct{}

func (positiveFloat) Description(context.Context) string { return "value must be greater than 0" }

func (v positiveFloat) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (positiveFloat) ValidateNumber(_ context.Context, req validator.NumberRequest, resp *validator.NumberResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	n := req.ConfigValue.ValueBigFloat()
	f, _ := n.Float64()
	switch {
	case n.Sign() <= 0:
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Max Requests Per Second",
			fmt.Sprintf("%s must be greater than 0, got %s.", req.Path, n.Text('g', -1)))
	case math.IsInf(f, 0) || f == 0:
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Max Requests Per Second",
			fmt.Sprintf("%s must be a finite number greater than 0 such as 5 or 0.5, got %s.", req.Path, n.Text('g', 6)))
	case f < client.MinRequestsPerSecond:
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Max Requests Per Second",
			fmt.Sprintf("%s must be at least 0.01 (one request every 100 seconds), got %s.", req.Path, n.Text('g', 6)))
	}
}

// settingSummaries are the diagnostic summaries of bad settings.
var settingSummaries = map[string]string{
	client.SettingEndpoint:             "Invalid Endpoint",
	client.SettingRequestTimeout:       "Invalid Request Timeout",
	client.SettingMaxRetries:           "Invalid Max Retries",
	client.SettingInsecureHTTP:         "Invalid Insecure HTTP Setting",
	client.SettingMaxRequestsPerSecond: "Invalid Max Requests Per Second",
	client.SettingAccessToken:          "Invalid Access Token",
	client.SettingSMSAppID:             "Invalid SMS App ID",
	client.SettingSMSAppKey:            "Invalid SMS App Key",
}

func (p *ccProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var m providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}

	// The configuration wins; what it leaves null comes from the
	// environment (client.SettingsFromEnv, the one reader of CONTACTCENTER_*).
	var set client.Settings
	strs := []struct {
		attr  string
		value types.String
	}{
		{client.SettingEndpoint, m.Endpoint}, {string(client.SurfaceBase), m.BaseURL}, {string(client.SurfaceAutocall), m.AutocallURL},
		{string(client.SurfacePortal), m.PortalURL}, {string(client.SurfacePortalOpen), m.PortalOpenURL}, {string(client.SurfaceSMSAPI), m.SMSAPIURL},
		{client.SettingAccessToken, m.AccessToken}, {client.SettingSMSAppID, m.SMSAppID}, {client.SettingSMSAppKey, m.SMSAppKey},
		{client.SettingRequestTimeout, m.RequestTimeout},
	}
	unknown := func(attr string) {
		resp.Diagnostics.AddAttributeError(path.Root(attr), "Unknown Provider Setting",
			fmt.Sprintf("%s depends on a value known only after apply; the provider needs it to plan. Set it to a known value, "+
				"or remove it from the provider block and set the environment variable %s. "+
				"A value taken from a resource of this configuration (a terraform_data, a random_password, a module's output) is known once that resource exists: "+
				"create it first, alone, with terraform apply -target=<its address>, then run terraform apply; "+
				"a plan that replaces that resource (-replace, a changed input) makes the value unknown again.", attr, client.EnvVar(attr)))
	}
	refused := map[string]bool{} // settings whose value was refused (not also missing)
	for _, s := range strs {
		switch {
		case s.value.IsUnknown():
			unknown(s.attr)
		case !s.value.IsNull() && strings.TrimSpace(s.value.ValueString()) == "" && s.attr != client.SettingRequestTimeout:
			// An empty value set in the configuration (a variable left
			// empty) is not "unset": taking the environment's value instead
			// could reach another platform with another token.
			resp.Diagnostics.AddAttributeError(path.Root(s.attr), "Empty Provider Setting",
				fmt.Sprintf("%s is set to an empty string (or only white space). Give it a value, or remove it from the provider block to use the environment variable %s.",
					s.attr, client.EnvVar(s.attr)))
		case !s.value.IsNull():
			if err := set.Set(s.attr, s.value.ValueString()); err != nil {
				resp.Diagnostics.AddAttributeError(path.Root(s.attr), settingSummaries[s.attr], err.Error()+".")
				refused[s.attr] = true
			}
		}
	}
	switch {
	case m.MaxRetries.IsUnknown():
		unknown(client.SettingMaxRetries)
	case !m.MaxRetries.IsNull():
		n := int(m.MaxRetries.ValueInt64())
		set.MaxRetries = &n
	}
	switch {
	case m.InsecureHTTP.IsUnknown():
		unknown(client.SettingInsecureHTTP)
	case !m.InsecureHTTP.IsNull():
		b := m.InsecureHTTP.ValueBool()
		set.InsecureHTTP = &b
	}
	switch {
	case m.MaxRequestsPerSecond.IsUnknown():
		unknown(client.SettingMaxRequestsPerSecond)
	case !m.MaxRequestsPerSecond.IsNull():
		f, _ := m.MaxRequestsPerSecond.ValueBigFloat().Float64()
		set.MaxRequestsPerSecond = &f
	}
	if resp.Diagnostics.HasError() {
		return
	}

	set = set.Or(client.SettingsFromEnv())
	cfg, err := set.Config()
	errs := client.SettingErrors(err)
	// CONTACTCENTER_TOKEN, CONTACTCENTER_ENDPOIT: named where a setting
	// is missing, which they were likely meant to give.
	unread := client.UnreadEnvVars(os.Environ())
	missing := 0
	for _, e := range errs {
		if e.Missing {
			missing++
		}
	}
	if missing == len(client.Surfaces) {
		// Nothing says where the platform is: one error, not one per surface.
		resp.Diagnostics.AddAttributeError(path.Root(client.SettingEndpoint), "Missing Endpoint",
			fmt.Sprintf("Set endpoint (the origin that serves all five API surfaces, such as http://127.0.0.1:18080 for ccsync simulator) "+
				"or the environment variable %s. A deployment that serves each surface elsewhere sets base_url, autocall_url, portal_url, "+
				"portal_open_url and smsapi_url instead.", client.EnvVar(client.SettingEndpoint))+
				client.UnreadEnvAdvice(unread, append([]string{client.SettingEndpoint}, surfaceNames()...)...))
	}
	for _, e := range errs {
		refused[e.Setting] = true
		switch {
		case e.Missing && missing == len(client.Surfaces):
		case e.Missing:
			resp.Diagnostics.AddAttributeError(path.Root(e.Setting), "Missing Surface URL",
				fmt.Sprintf("No URL for %s: set endpoint (which derives all five surfaces), %s, or the environment variable %s or %s.",
					e.Setting, e.Setting, client.EnvVar(client.SettingEndpoint), client.EnvVar(e.Setting))+
					client.UnreadEnvAdvice(unread, client.SettingEndpoint, e.Setting))
		case settingSummaries[e.Setting] != "":
			resp.Diagnostics.AddAttributeError(path.Root(e.Setting), settingSummaries[e.Setting], e.Error()+".")
		default:
			resp.Diagnostics.AddAttributeError(path.Root(e.Setting), "Invalid Surface URL", e.Error()+".")
		}
	}
	if set.AccessToken == "" && !refused[client.SettingAccessToken] { // a refused one is not also missing
		resp.Diagnostics.AddAttributeError(path.Root(client.SettingAccessToken), "Missing Access Token",
			"Set access_token or CONTACTCENTER_ACCESS_TOKEN: every request except those to the SMS gateway carries it as a bearer token."+
				client.UnreadEnvAdvice(unread, client.SettingAccessToken))
	}
	if resp.Diagnostics.HasError() {
		return
	}
	cfg.UserAgent = fmt.Sprintf("terraform-provider-contactcenter/%s (+https://registry.terraform.io/providers/contactcenter/contactcenter) Terraform/%s", p.version, req.TerraformVersion)
	cfg.Log = tfkit.TFLog
	if p.configureHook != nil {
		p.configureHook(&cfg)
	}
	c, err := client.New(cfg)
	if err != nil {
		resp.Diagnostics.AddError("Unable to Create Client", err.Error())
		return
	}
	pd := &tfkit.ProviderData{Client: c, Claims: &tfkit.Claims{Load: tfkit.RunQueueLoad}, NestedPaths: tfkit.ShowsNestedPaths(req.TerraformVersion)}
	resp.ResourceData = pd
	resp.DataSourceData = pd
	resp.ActionData = pd
	resp.ListResourceData = pd
}

func (p *ccProvider) Resources(context.Context) []func() resource.Resource {
	return resourceList()
}

func (p *ccProvider) DataSources(context.Context) []func() datasource.DataSource {
	return dataSourceList()
}

func (p *ccProvider) Actions(context.Context) []func() action.Action {
	return actionList()
}

func (p *ccProvider) Functions(context.Context) []func() function.Function {
	return functionList()
}

// surfaceNames are the settings of the five surface URLs.
func surfaceNames() []string {
	var out []string
	for _, s := range client.Surfaces {
		out = append(out, string(s))
	}
	return out
}
