// Package provider is the contactcenter Terraform provider: its schema,
// Configure (which builds the *client.Client every object uses), and the
// registration of resources, data sources, actions and functions.
package provider

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
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
}

func (p *ccProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "contactcenter"
	resp.Version = p.version
}

func (p *ccProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	surface := func(s client.Surface, what string) schema.StringAttribute {
		return schema.StringAttribute{
			Optional: true,
			MarkdownDescription: fmt.Sprintf("URL of the %s surface (`{%s}` in the spec): %s. Overrides the URL derived from `endpoint` (`endpoint` + `%s`). Also read from `CONTACTCENTER_%s`.",
				s, s, what, client.SurfacePrefixes[s], strings.ToUpper(string(s))),
		}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "The contactcenter provider manages a contact-center platform through its open interface: " +
			"agents, skill groups, outbound tasks, SMS signatures and templates, webhooks, voice files and the SMS gateway. " +
			"Every attribute can also be set through the environment variable `CONTACTCENTER_<ATTRIBUTE NAME IN UPPER CASE>`; the configuration wins.",
		Attributes: map[string]schema.Attribute{
			"endpoint": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Origin that serves all five API surfaces under fixed prefixes (`/open`, `/autocall`, `/portal`, `/portal-open`, `/smsapi`), " +
					"as the built-in simulator does, e.g. `http://127.0.0.1:18080`. Each surface can be overridden on its own. Also read from `CONTACTCENTER_ENDPOINT`.",
			},
			"base_url":        surface(client.SurfaceBase, "SMS management and agents"),
			"autocall_url":    surface(client.SurfaceAutocall, "outbound tasks and webhooks"),
			"portal_url":      surface(client.SurfacePortal, "voice, ASR, skill groups and reference data"),
			"portal_open_url": surface(client.SurfacePortalOpen, "number selection and IVRs"),
			"smsapi_url":      surface(client.SurfaceSMSAPI, "the SMS gateway"),
			"access_token": schema.StringAttribute{
				Optional: true, Sensitive: true,
				MarkdownDescription: "Bearer token sent as `Authorization: Bearer <token>` to the open and portal surfaces (spec §5.1). Also read from `CONTACTCENTER_ACCESS_TOKEN`.",
			},
			"sms_app_id": schema.StringAttribute{
				Optional:            true,
				MarkdownDescription: "SMS gateway `appId` (spec §5.5). Needed only by gateway resources and actions. Also read from `CONTACTCENTER_SMS_APP_ID`.",
			},
			"sms_app_key": schema.StringAttribute{
				Optional: true, Sensitive: true,
				MarkdownDescription: "SMS gateway secret used to sign every gateway request (spec §5.5). Needed only by gateway resources and actions. Also read from `CONTACTCENTER_SMS_APP_KEY`.",
			},
			"request_timeout": schema.StringAttribute{
				Optional:            true,
				MarkdownDescription: "Time limit of one HTTP attempt, as a Go duration such as `30s` or `2m`. Defaults to `30s`. Also read from `CONTACTCENTER_REQUEST_TIMEOUT`.",
			},
			"max_retries": schema.Int64Attribute{
				Optional: true,
				MarkdownDescription: "How many times a safe call (a read, a delete, an update by id) is retried after a network error, an HTTP 5xx or gateway code 1010, " +
					"with exponential backoff. Creates are never re-sent blindly. Between `0` and `10`; defaults to `3`. Also read from `CONTACTCENTER_MAX_RETRIES`.",
			},
			"insecure_http": schema.BoolAttribute{
				Optional:            true,
				MarkdownDescription: "Allow plain `http://` URLs to hosts other than loopback. Tokens and keys then travel unencrypted. Defaults to `false`. Also read from `CONTACTCENTER_INSECURE_HTTP`.",
			},
		},
	}
}

// setting resolves one string attribute: config, then environment.
type setting struct {
	attr  string
	value types.String
}

func (s setting) env() string { return "CONTACTCENTER_" + strings.ToUpper(s.attr) }

func (p *ccProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var m providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}

	strs := []setting{
		{"endpoint", m.Endpoint}, {"base_url", m.BaseURL}, {"autocall_url", m.AutocallURL},
		{"portal_url", m.PortalURL}, {"portal_open_url", m.PortalOpenURL}, {"smsapi_url", m.SMSAPIURL},
		{"access_token", m.AccessToken}, {"sms_app_id", m.SMSAppID}, {"sms_app_key", m.SMSAppKey},
		{"request_timeout", m.RequestTimeout},
	}
	vals := map[string]string{}
	for _, s := range strs {
		if s.value.IsUnknown() {
			resp.Diagnostics.AddAttributeError(path.Root(s.attr), "Unknown Provider Setting",
				fmt.Sprintf("%s depends on a value known only after apply; the provider needs it to plan. Set it to a known value or use %s.", s.attr, s.env()))
			continue
		}
		if !s.value.IsNull() {
			vals[s.attr] = s.value.ValueString()
		} else {
			vals[s.attr] = os.Getenv(s.env())
		}
	}
	for a, unknown := range map[string]bool{"max_retries": m.MaxRetries.IsUnknown(), "insecure_http": m.InsecureHTTP.IsUnknown()} {
		if unknown {
			resp.Diagnostics.AddAttributeError(path.Root(a), "Unknown Provider Setting",
				fmt.Sprintf("%s depends on a value known only after apply; the provider needs it to plan. Set it to a known value or use CONTACTCENTER_%s.", a, strings.ToUpper(a)))
		}
	}
	if resp.Diagnostics.HasError() {
		return
	}

	cfg := client.Config{
		URLs:        map[client.Surface]string{},
		AccessToken: vals["access_token"],
		AppID:       vals["sms_app_id"],
		AppKey:      vals["sms_app_key"],
		MaxRetries:  3,
		UserAgent:   fmt.Sprintf("terraform-provider-contactcenter/%s (+https://registry.terraform.io/providers/contactcenter/contactcenter) Terraform/%s", p.version, req.TerraformVersion),
		Log:         tfkit.TFLog,
	}

	if t := vals["request_timeout"]; t != "" {
		d, err := time.ParseDuration(t)
		if err != nil || d <= 0 {
			resp.Diagnostics.AddAttributeError(path.Root("request_timeout"), "Invalid Request Timeout",
				fmt.Sprintf("request_timeout must be a positive Go duration such as \"30s\" or \"2m\", got %q.", t))
		}
		cfg.Timeout = d
	}
	switch {
	case !m.MaxRetries.IsNull():
		cfg.MaxRetries = int(m.MaxRetries.ValueInt64())
	case os.Getenv("CONTACTCENTER_MAX_RETRIES") != "":
		n, err := strconv.Atoi(os.Getenv("CONTACTCENTER_MAX_RETRIES"))
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("max_retries"), "Invalid Max Retries",
				fmt.Sprintf("CONTACTCENTER_MAX_RETRIES must be a whole number from 0 to 10, got %q.", os.Getenv("CONTACTCENTER_MAX_RETRIES")))
		}
		cfg.MaxRetries = n
	}
	if cfg.MaxRetries < 0 || cfg.MaxRetries > 10 {
		resp.Diagnostics.AddAttributeError(path.Root("max_retries"), "Invalid Max Retries",
			fmt.Sprintf("max_retries must be from 0 to 10, got %d.", cfg.MaxRetries))
	}
	switch {
	case !m.InsecureHTTP.IsNull():
		cfg.AllowInsecureHTTP = m.InsecureHTTP.ValueBool()
	case os.Getenv("CONTACTCENTER_INSECURE_HTTP") != "":
		b, err := strconv.ParseBool(os.Getenv("CONTACTCENTER_INSECURE_HTTP"))
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("insecure_http"), "Invalid Insecure HTTP Setting",
				fmt.Sprintf("CONTACTCENTER_INSECURE_HTTP must be true or false, got %q.", os.Getenv("CONTACTCENTER_INSECURE_HTTP")))
		}
		cfg.AllowInsecureHTTP = b
	}

	derived := map[client.Surface]string{}
	if e := vals["endpoint"]; e != "" {
		if _, err := client.ValidateURL(e, cfg.AllowInsecureHTTP); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("endpoint"), "Invalid Endpoint", err.Error())
		}
		derived = client.SurfaceURLs(e)
	}
	for _, s := range client.Surfaces {
		u := vals[string(s)]
		if u == "" {
			u = derived[s]
		}
		if u == "" {
			resp.Diagnostics.AddAttributeError(path.Root(string(s)), "Missing Surface URL",
				fmt.Sprintf("No URL for %s: set endpoint (which derives all five surfaces), %s, or the environment variable CONTACTCENTER_ENDPOINT or CONTACTCENTER_%s.",
					s, s, strings.ToUpper(string(s))))
			continue
		}
		if _, err := client.ValidateURL(u, cfg.AllowInsecureHTTP); err != nil && vals[string(s)] != "" {
			resp.Diagnostics.AddAttributeError(path.Root(string(s)), "Invalid Surface URL", err.Error())
		}
		cfg.URLs[s] = u
	}
	if vals["access_token"] == "" {
		resp.Diagnostics.AddAttributeError(path.Root("access_token"), "Missing Access Token",
			"Set access_token or CONTACTCENTER_ACCESS_TOKEN: every open and portal interface requires the bearer token (spec §5.1).")
	}
	if resp.Diagnostics.HasError() {
		return
	}
	if p.configureHook != nil {
		p.configureHook(&cfg)
	}
	c, err := client.New(cfg)
	if err != nil {
		resp.Diagnostics.AddError("Unable to Create Client", err.Error())
		return
	}
	pd := &tfkit.ProviderData{Client: c}
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
