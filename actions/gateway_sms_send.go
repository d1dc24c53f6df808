package actions

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/actionvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

var (
	_ action.ActionWithConfigure        = (*gatewaySMSSendAction)(nil)
	_ action.ActionWithConfigValidators = (*gatewaySMSSendAction)(nil)
	_ action.ActionWithValidateConfig   = (*gatewaySMSSendAction)(nil)
)

var (
	digitsRE = regexp.MustCompile(`^[0-9]+$`)
	// gatewaySignRE refuses brackets: the gateway takes the text without them.
	gatewaySignRE = regexp.MustCompile(`^[^【】\[\]]+$`)
)

// NewGatewaySMSSendAction returns the contactcenter_gateway_sms_send action.
func NewGatewaySMSSendAction() action.Action {
	return &gatewaySMSSendAction{Action: framework.NewAction("gateway_sms_send")}
}

type gatewaySMSSendAction struct {
	framework.Action
}

func (a *gatewaySMSSendAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Sends SMS through the signature-authenticated SMS gateway (spec §4.8). With `sms_text` the text is sent as is " +
			"(send_sms); with `tpl_id` an approved template is filled with `sms_params` and sent to one number (send_single, when " +
			"`sign_text` is set) or many (send_batch). The gateway takes at most 200 numbers per request, so longer lists are split " +
			"into requests of at most 200, with one progress message per request. Every number that could not be sent is listed in " +
			"one error. Delivery results arrive later as delivery records (push or `ccsync sms status pull`). Needs `sms_app_id` and `sms_app_key`.",
		Attributes: map[string]schema.Attribute{
			"mobiles": schema.ListAttribute{
				Required: true, ElementType: types.StringType,
				MarkdownDescription: "Mobile numbers (`mobiles`, or `mobile` for send_single): 11 digits starting with 1, optionally prefixed `+86`. " +
					"Any length: the list is sent in requests of at most 200 numbers.",
				Validators: []validator.List{listvalidator.SizeAtLeast(1), listvalidator.ValueStringsAre(mobileValidator{})},
			},
			"sms_text": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Free text to send (`smsText`, send_sms), at most 400 characters (§8). Exactly one of `sms_text` and `tpl_id`. " +
					"Requires `sign_text`.",
				Validators: []validator.String{stringvalidator.UTF8LengthBetween(1, client.GatewayMaxContent)},
			},
			"tpl_id": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Id of an approved gateway template (`tplId`), e.g. `contactcenter_gateway_sms_template.x.id`. " +
					"Exactly one of `sms_text` and `tpl_id`.",
				Validators: []validator.String{stringvalidator.RegexMatches(digitsRE, "must be a numeric template id")},
			},
			"sms_params": schema.MapAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Template values by variable name (`smsParams` as an object): `{ code = \"1234\" }` fills `${code}`. " +
					"Only with `tpl_id`; conflicts with `sms_params_list`. When neither is set an empty list is sent (a template without variables).",
			},
			"sms_params_list": schema.ListAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Template values by position (`smsParams` as an array), in the order of the template's `variables`. " +
					"Only with `tpl_id`; conflicts with `sms_params`.",
			},
			"sign_text": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Text of an approved signature, without brackets (`signText`). Required with `sms_text`. With `tpl_id` it may be " +
					"omitted to use the default signature (the template's, else the gateway's default); then every number goes through send_batch.",
				Validators: []validator.String{
					stringvalidator.LengthAtLeast(1),
					stringvalidator.RegexMatches(gatewaySignRE, "must be given without brackets ([ ] or 【 】)"),
				},
			},
			"sms_ext": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Caller data returned unchanged in results and delivery records (`smsExt`).",
			},
			"exten": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Extension number appended to the sender (`exten`): digits `0`-`9` only (code 1022 otherwise).",
				Validators: []validator.String{stringvalidator.RegexMatches(digitsRE, "must contain only the digits 0-9")},
			},
		},
	}
}

func (a *gatewaySMSSendAction) ConfigValidators(context.Context) []action.ConfigValidator {
	return []action.ConfigValidator{
		actionvalidator.ExactlyOneOf(path.MatchRoot("sms_text"), path.MatchRoot("tpl_id")),
		actionvalidator.Conflicting(path.MatchRoot("sms_params"), path.MatchRoot("sms_params_list")),
		actionvalidator.Conflicting(path.MatchRoot("sms_text"), path.MatchRoot("sms_params")),
		actionvalidator.Conflicting(path.MatchRoot("sms_text"), path.MatchRoot("sms_params_list")),
	}
}

// ValidateConfig checks the rules that depend on more than one attribute.
func (a *gatewaySMSSendAction) ValidateConfig(ctx context.Context, req action.ValidateConfigRequest, resp *action.ValidateConfigResponse) {
	var m gatewaySMSSendModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !m.SmsText.IsNull() && m.SignText.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("sign_text"), "Missing Signature",
			"sign_text is required with sms_text: send_sms needs the text of an approved signature (§4.8).")
	}
	// Each number once: the gateway would send (and bill) a listed-twice
	// number twice. +86/86 prefixes name the same number.
	if m.Mobiles.IsNull() || m.Mobiles.IsUnknown() {
		return
	}
	seen := map[string]int{}
	for i, v := range m.Mobiles.Elements() {
		s, ok := v.(types.String)
		if !ok || s.IsNull() || s.IsUnknown() {
			continue
		}
		num := strings.TrimPrefix(s.ValueString(), "+")
		if len(num) == 13 && strings.HasPrefix(num, "86") {
			num = num[2:]
		}
		if j, dup := seen[num]; dup {
			resp.Diagnostics.AddAttributeError(path.Root("mobiles").AtListIndex(i), "Duplicate Mobile Number",
				fmt.Sprintf("%s is listed twice (mobiles[%d] and mobiles[%d]); each number may appear once, or it gets (and is billed for) the message twice.",
					s.ValueString(), j, i))
			continue
		}
		seen[num] = i
	}
}

// failure is why some numbers were not sent.
type failure struct {
	reason  string
	mobiles []string
}

func (a *gatewaySMSSendAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	if a.Client == nil {
		resp.Diagnostics.AddError("Provider Not Configured",
			"The contactcenter provider was not configured before the action ran; check the provider block (endpoint, sms_app_id, sms_app_key).")
		return
	}
	var m gatewaySMSSendModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var mobiles []string
	resp.Diagnostics.Append(m.Mobiles.ElementsAs(ctx, &mobiles, false)...)
	params, diags := m.params(ctx)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var tplID int64
	if !m.TplID.IsNull() {
		tplID, _ = strconv.ParseInt(m.TplID.ValueString(), 10, 64)
	}
	mode := "send_batch"
	switch {
	case !m.SmsText.IsNull():
		mode = "send_sms"
	case len(mobiles) == 1 && !m.SignText.IsNull():
		mode = "send_single"
	}

	chunks := chunk(mobiles, client.GatewayMaxMobiles)
	var failures []failure
	var sent, fee int64
	for i, part := range chunks {
		if ctx.Err() != nil {
			failures = append(failures, failure{"not sent: the run was cancelled (" + ctx.Err().Error() + ")", flatten(chunks[i:])})
			break
		}
		res, err := a.send(ctx, mode, part, m, tplID, params)
		accepted := map[string]bool{}
		if err == nil {
			for _, it := range res.Data {
				accepted[string(it.Mobile)] = true
				fee += int64(it.SmsFee)
			}
			var missing []string
			for _, mob := range part {
				if !accepted[mob] {
					missing = append(missing, mob)
				}
			}
			if len(missing) > 0 {
				failures = append(failures, failure{fmt.Sprintf("request %d of %d (%s): not in the gateway's result", i+1, len(chunks), mode), missing})
			}
			sent += int64(len(part) - len(missing))
		} else {
			failures = append(failures, failure{fmt.Sprintf("request %d of %d (%s) failed: %s", i+1, len(chunks), mode, reason(err)), part})
		}
		resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("%s request %d of %d: %d of %d numbers accepted",
			mode, i+1, len(chunks), len(part)-failedIn(failures, part), len(part))})
		if err != nil && requestWide(err) && i+1 < len(chunks) {
			failures = append(failures, failure{fmt.Sprintf("not sent: stopped after request %d failed with an error every request would get", i+1), flatten(chunks[i+1:])})
			break
		}
	}
	if len(failures) == 0 {
		resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("sent %d messages to %d numbers in %d request(s), billed count %d",
			sent, len(mobiles), len(chunks), fee)})
		return
	}
	var b strings.Builder
	n := 0
	for _, f := range failures {
		n += len(f.mobiles)
	}
	fmt.Fprintf(&b, "%d of %d numbers were not sent (%d were):", n, len(mobiles), sent)
	for _, f := range failures {
		sorted := append([]string(nil), f.mobiles...)
		sort.Strings(sorted)
		fmt.Fprintf(&b, "\n\n%s (%d numbers):\n%s", f.reason, len(f.mobiles), strings.Join(sorted, ", "))
	}
	b.WriteString("\n\nNumbers not listed here were accepted; do not send to them again. Their delivery results arrive as delivery records.")
	resp.Diagnostics.AddError("Unable to Send Gateway SMS", b.String())
}

func (a *gatewaySMSSendAction) send(ctx context.Context, mode string, part []string, m gatewaySMSSendModel, tplID int64, params any) (*client.SendResult, error) {
	switch mode {
	case "send_sms":
		return a.Client.Gateway.SendSMS(ctx, client.GatewaySMS{Mobiles: part, SmsText: m.SmsText.ValueString(), SignText: m.SignText.ValueString(),
			SmsExt: m.SmsExt.ValueString(), Exten: m.Exten.ValueString()})
	case "send_single":
		return a.Client.Gateway.SendSingle(ctx, client.GatewaySingle{Mobile: part[0], TplID: tplID, SmsParams: params,
			SignText: m.SignText.ValueString(), SmsExt: m.SmsExt.ValueString(), Exten: m.Exten.ValueString()})
	}
	return a.Client.Gateway.SendBatch(ctx, client.GatewayBatch{Mobiles: part, TplID: tplID, SmsParams: params,
		SignText: m.SignText.ValueString(), SmsExt: m.SmsExt.ValueString(), Exten: m.Exten.ValueString()})
}

// params returns smsParams as an object, an array, or nil (sent as []).
func (m gatewaySMSSendModel) params(ctx context.Context) (any, diag.Diagnostics) {
	switch {
	case !m.SmsParams.IsNull():
		out := map[string]string{}
		d := m.SmsParams.ElementsAs(ctx, &out, false)
		return out, d
	case !m.SmsParamsList.IsNull():
		var out []string
		d := m.SmsParamsList.ElementsAs(ctx, &out, false)
		return out, d
	}
	return nil, nil
}

// requestWide reports whether every further request would fail the same
// way: authentication, template, signature, parameter and content errors.
// Per-request problems (1010 time-out, 1012 numbers, transport) do not stop
// the remaining requests.
func requestWide(err error) bool {
	ge, ok := client.AsGatewayError(err)
	if !ok {
		return false
	}
	switch ge.Code {
	case client.GatewaySendTimeout, client.GatewayMobileFormat, client.GatewayTooManyMobiles:
		return false
	}
	return true
}

func reason(err error) string {
	if ge, ok := client.AsGatewayError(err); ok {
		s := fmt.Sprintf("code %d", ge.Code)
		if ge.Meaning != "" {
			s += " (" + ge.Meaning + ")"
		}
		if ge.Message != "" && ge.Message != ge.Meaning {
			s += ": " + ge.Message
		}
		if ge.Hint != "" {
			s += "; " + ge.Hint
		}
		if ge.Code == client.GatewaySendTimeout {
			s += ". The outcome is unknown: check the delivery records before sending to these numbers again"
		}
		return s
	}
	return err.Error() + ". The outcome may be unknown: check the delivery records before sending to these numbers again"
}

func chunk(xs []string, n int) [][]string {
	var out [][]string
	for len(xs) > n {
		out = append(out, xs[:n])
		xs = xs[n:]
	}
	return append(out, xs)
}

func flatten(xss [][]string) []string {
	var out []string
	for _, xs := range xss {
		out = append(out, xs...)
	}
	return out
}

// failedIn counts the numbers of part recorded as failed.
func failedIn(fs []failure, part []string) int {
	in := map[string]bool{}
	for _, m := range part {
		in[m] = true
	}
	n := 0
	for _, f := range fs {
		for _, m := range f.mobiles {
			if in[m] {
				n++
				delete(in, m)
			}
		}
	}
	return n
}

// mobileValidator checks one mobile number as the gateway does (1012).
type mobileValidator struct{}

func (mobileValidator) Description(context.Context) string {
	return "must be a mobile number: 11 digits starting with 1, optionally prefixed +86"
}

func (v mobileValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (mobileValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if s := req.ConfigValue.ValueString(); !client.ValidMobile(s) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Mobile Number",
			fmt.Sprintf("%q is not a mobile number: the gateway takes 11 digits starting with 1 (second digit 3-9), optionally prefixed +86, and answers code 1012 otherwise.", s))
	}
}

type gatewaySMSSendModel struct {
	Mobiles       types.List   `tfsdk:"mobiles"`
	SmsText       types.String `tfsdk:"sms_text"`
	TplID         types.String `tfsdk:"tpl_id"`
	SmsParams     types.Map    `tfsdk:"sms_params"`
	SmsParamsList types.List   `tfsdk:"sms_params_list"`
	SignText      types.String `tfsdk:"sign_text"`
	SmsExt        types.String `tfsdk:"sms_ext"`
	Exten         types.String `tfsdk:"exten"`
}
