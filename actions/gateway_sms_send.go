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
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ action.ActionWithConfigure        = (*gatewaySMSSendAction)(nil)
	_ action.ActionWithConfigValidators = (*gatewaySMSSendAction)(nil)
	_ action.ActionWithValidateConfig   = (*gatewaySMSSendAction)(nil)
)

var (
	digitsRE = regexp.MustCompile(`^[0-9]+$`)
	// gatewaySignRE refuses brackets: the gateway takes the text without them.
	gatewaySignRE = regexp.MustCompile(`^[^【】\[\]]*$`)
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
		MarkdownDescription: "Sends SMS through the SMS gateway (the separate sending service whose requests are signed with the app key). With `sms_text` the text is sent as is " +
			"(send_sms); with `tpl_id` an approved template is filled with `sms_params` and sent to one number (send_single, when " +
			"`sign_text` is set) or many (send_batch). The gateway takes at most 200 numbers per request, so longer lists are split " +
			"into requests of at most 200, with one progress message per request. With `recipients`, each number has its own values: " +
			"all of them go in one send_file request, one line per number with its values. Every number is checked before anything is sent " +
			"(a malformed or repeated number refuses the whole send); a template variable left without a value (a misspelt `sms_params` name, a list or a recipient's line with fewer values than variables, no values) " +
			"is refused when the template is read, as the length is (the gateway would refuse the send whole, code 1015); more values than variables, or values for names the template does not use, are left to the gateway. " +
			"When `tpl_id` and the values are known at plan, the plan reads the template and fails for a message over the gateway's 400 characters once filled " +
			"(counted as `sms_length` counts them), naming the number, its length and its longest value's variable. When they are known only at apply (the id of a template created in the same apply), " +
			"the invoke reads the template and refuses such a send in the same words before anything is sent (the gateway would refuse it whole, code 1014); a template that cannot be read then is left to the gateway. " +
			"When `tpl_id` is known at plan, the plan also warns of a template that does not exist or is not approved (pending or rejected, with the review's reason): the gateway refuses a send with it (code 1016) unless it is approved by then. " +
			"It warns likewise of a signature not approved (the one of `sign_text`, else the template's), which the gateway refuses every request under (code 1018); " +
			"this reads one page of signatures (one call a plan) and says nothing when the gateway has 50 signatures or more. " +
			"When a request fails, the next ones are still sent unless the failure would repeat for every request (a rejected template, " +
			"wrong credentials): then the error says it once, with how many numbers were not sent, their positions in the list and the first five. " +
			"Every other number that could not be sent, or whose outcome is unknown, is listed in " +
			"one error (`contactcenter_sms_send` differs: it stops at the first failed batch, and of a list where the platform refuses some numbers it sends the others). Delivery results arrive later as delivery records (push or `ccsync sms status pull`). Needs `sms_app_id` and `sms_app_key`." +
			interruptedDoc + "each `… request <i> of <n>: …` line is a request that was answered; the numbers of the later requests " +
			"were not sent, except that the request in flight at the interrupt may have been. Check their delivery records " +
			"(`ccsync sms status pull`) before sending to them again: invoking the action again sends to every number.\n\n" +
			strings.TrimPrefix(triggerDoc, "\n\n") + "\n\nAPI: send_sms, send_single, send_batch, send_file.",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"mobiles": schema.ListAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Mobile numbers (`mobiles`, or `mobile` for send_single): 11 digits starting with 1 and a second digit from 3 to 9, optionally prefixed `+86` or `86` (sent without it). " +
					"Each number once (`+8613800138000` and `13800138000` are one number). Any length: the list is sent in requests of at most 200 numbers. Exactly one of `mobiles` and `recipients`.",
				Validators: []validator.List{listvalidator.SizeAtLeast(1), mobilesValidator{}},
			},
			"sms_text": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Free text to send (`smsText`, send_sms), at most 400 characters (the gateway's limit). Exactly one of `sms_text` and `tpl_id`. " +
					"Requires `sign_text`. A text that begins or ends with an invisible character (a byte order mark that `file()` keeps, a zero-width space) " +
					"is refused, at invoke too when the text comes from another resource: it would be sent, unseen, in every message. One within the text is a warning.",
				Validators: []validator.String{stringvalidator.UTF8LengthBetween(1, client.GatewayMaxContent),
					notBlank("a message of white space only would be sent, and billed, as the signature alone"), smsTextInvisibleRule},
			},
			"tpl_id": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Id of an approved gateway template (`tplId`), e.g. `contactcenter_gateway_sms_template.x.id`. " +
					"Exactly one of `sms_text` and `tpl_id`.",
				Validators: []validator.String{tfkit.Matching(digitsRE, "must be a numeric template id")},
			},
			"sms_params": schema.MapAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Template values by variable name (`smsParams` as an object): `{ code = \"1234\" }` fills `${code}`. " +
					"Only with `tpl_id`; conflicts with `sms_params_list`. When neither is set an empty list is sent (a template without variables). " +
					"A value is refused when it is blank (empty, or white space alone) or begins or ends with an invisible character " +
					"(a zero-width space, a byte order mark): the gateway sends a value as given.",
			},
			"sms_params_list": schema.ListAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Template values by position (`smsParams` as an array), in the order of the template's `variables`. " +
					"Only with `tpl_id`; conflicts with `sms_params`. A value that a number takes is refused when it is blank (empty, or white space alone) " +
					"or begins or ends with an invisible character (a zero-width space, a byte order mark): the gateway sends a value as given.",
			},
			"recipients": schema.ListNestedAttribute{
				Optional: true,
				MarkdownDescription: "Numbers with their own template values, sent in one send_file request (a file upload): one line per number, " +
					"its values overriding `sms_params_list` position by position. Only with `tpl_id`; exactly one of `mobiles` and `recipients`. " +
					"The gateway answers for the file as a whole: a failure lists every number as not sent.",
				Validators: []validator.List{listvalidator.SizeAtLeast(1), mobilesValidator{nested: "mobile"}},
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"mobile": schema.StringAttribute{
						Optional: true, MarkdownDescription: "Required in every recipient. The mobile number: 11 digits starting with 1 and a second digit from 3 to 9, optionally prefixed `+86` or `86` (sent without it); each number in one recipient only.",
					},
					"sms_params_list": schema.ListAttribute{
						Optional: true, ElementType: types.StringType,
						MarkdownDescription: "This number's template values by position, in the order of the template's `variables`. " +
							"A value is refused when it is blank (empty, or white space alone) or begins or ends with an invisible character " +
							"(a zero-width space, a byte order mark): the gateway sends a value as given.",
					},
				}},
			},
			"sign_text": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Text of an approved signature, without brackets (`signText`). Required with `sms_text`. With `tpl_id` it may be " +
					"omitted to use the default signature (the template's, else the gateway's default); then every number goes through send_batch.",
				Validators: []validator.String{
					stringvalidator.LengthAtLeast(1),
					tfkit.Matching(gatewaySignRE, "must be given without brackets ([ ] or 【 】)"),
					notBlank("no signature is white space only"),
				},
			},
			"sms_ext": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Caller data returned unchanged in results and delivery records (`smsExt`).",
			},
			"exten": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Extension number appended to the sender (`exten`): digits `0`-`9` only (code 1022 otherwise).",
				Validators: []validator.String{tfkit.Matching(digitsRE, "must contain only the digits 0-9")},
			},
		}),
	}
}

func (a *gatewaySMSSendAction) ConfigValidators(context.Context) []action.ConfigValidator {
	return []action.ConfigValidator{
		actionvalidator.ExactlyOneOf(path.MatchRoot("sms_text"), path.MatchRoot("tpl_id")),
		actionvalidator.ExactlyOneOf(path.MatchRoot("mobiles"), path.MatchRoot("recipients")),
		actionvalidator.Conflicting(path.MatchRoot("recipients"), path.MatchRoot("sms_text")),
		actionvalidator.Conflicting(path.MatchRoot("recipients"), path.MatchRoot("sms_params")),
		actionvalidator.Conflicting(path.MatchRoot("sms_params"), path.MatchRoot("sms_params_list")),
		actionvalidator.Conflicting(path.MatchRoot("sms_text"), path.MatchRoot("sms_params")),
		actionvalidator.Conflicting(path.MatchRoot("sms_text"), path.MatchRoot("sms_params_list")),
	}
}

// ValidateConfig checks the rules that depend on more than one attribute.
func (a *gatewaySMSSendAction) ValidateConfig(ctx context.Context, req action.ValidateConfigRequest, resp *action.ValidateConfigResponse) {
	defer shownAtValidation(req, resp)
	var m gatewaySMSSendModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	requireMobiles(m.Recipients, &resp.Diagnostics)
	if !m.SmsText.IsNull() && m.SignText.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("sign_text"), "Missing Signature",
			"sign_text is required with sms_text: the gateway sends a free text only under the text of an approved signature.")
	}
	// Each number once: the gateway would send (and bill) a listed-twice
	// number twice. +86/86 prefixes name the same number.
	dups := mobileDuplicates{seen: map[string]string{}}
	if !m.Mobiles.IsNull() && !m.Mobiles.IsUnknown() {
		for i, v := range m.Mobiles.Elements() {
			if s, ok := v.(types.String); ok {
				dups.add("mobiles", i, path.Root("mobiles").AtListIndex(i), s)
			}
		}
	}
	var rs []gatewayRecipientModel
	known := m.Recipients.IsNull() // the values a number takes are known with its recipient's
	if !m.Recipients.IsNull() && !m.Recipients.IsUnknown() && !m.Recipients.ElementsAs(ctx, &rs, true).HasError() {
		for i, r := range rs {
			dups.add("recipients", i, path.Root("recipients").AtListIndex(i).AtName("mobile"), r.Mobile)
		}
		known = true
	}
	dups.refuse(&resp.Diagnostics)
	if rs != nil {
		refuseEmptyValues(rs, &resp.Diagnostics)
	}
	if known {
		vs := gatewaySendValues(m, rs)
		refuseBlankValues(vs, &resp.Diagnostics)
		refuseInvisibleEdges(vs, &resp.Diagnostics)
	}
}

// failure is why some numbers were not sent.
type failure struct {
	reason  string
	mobiles []string
	unknown bool // the gateway may have sent them (a lost answer, 1010, missing from a success)
	// wide: refused by an error every request would get (requestWide),
	// with the requests after it not sent; mobiles are in the list's
	// order from its position from (in the attribute attr).
	wide bool
	from int
	attr string
}

// ModifyPlan runs the checks on the values known at plan (framework.PlanChecks),
// and refuses a provider without sms_app_id or sms_app_key: no request can
// be signed without both (spec §5.5). Said at invoke only, the error came
// after the apply had created or changed the resource whose action_trigger
// runs the action, and the next plan was empty. The provider's settings are
// known at plan (an unknown one is refused when it is configured).
func (a *gatewaySMSSendAction) ModifyPlan(ctx context.Context, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	defer shownAtPlan(a.NestedPaths, resp)
	framework.PlanChecks(ctx, a, req, resp)
	var m gatewaySMSSendModel
	configured := !req.Config.Get(ctx, &m).HasError()
	// The template, read once at plan (tpl_id known, credentials set): its
	// text is "" when it cannot be read, and the checks that need it are
	// left to the gateway.
	read, text := false, ""
	var tpl *client.GatewayTemplate
	var tplErr error
	template := func() string {
		if !read {
			read = true
			if tpl, tplErr = a.planTemplate(ctx, m.TplID); tplErr != nil {
				tpl = nil
			} else if tpl != nil {
				text = string(tpl.TplText)
			}
		}
		return text
	}
	// At plan, not at validation: a list made from variables (a for
	// expression over var.customers) is unknown when Terraform validates,
	// and the checks run again at plan keep only their errors.
	var rs []gatewayRecipientModel
	if configured && !m.Recipients.IsNull() && !m.Recipients.IsUnknown() &&
		!m.Recipients.ElementsAs(ctx, &rs, true).HasError() && !m.SmsParamsList.IsUnknown() {
		var bare diag.Diagnostics
		if withoutValues(rs, m.SmsParamsList, &bare); len(bare) > 0 && needsValues(template()) {
			resp.Diagnostics.Append(bare...)
		}
	}
	if a.Client == nil {
		return
	}
	if err := a.Client.Gateway.CheckCredentials(); err != nil {
		resp.Diagnostics.AddError("Missing SMS Gateway Credentials", fmt.Sprintf("Nothing will be sent: %v.", err))
		return
	}
	if configured && (m.Recipients.IsNull() || !m.Recipients.IsUnknown() && rs != nil) {
		if t := template(); t != "" {
			tooLongMessages(t, m.TplID.ValueString(), m, rs, &resp.Diagnostics)
			missingValues(t, m.TplID.ValueString(), m, rs, &resp.Diagnostics)
		}
	}
	if configured {
		template()
		templateNotReady(m.TplID.ValueString(), tpl, tplErr, &resp.Diagnostics)
		a.signatureNotReady(ctx, m, tpl, &resp.Diagnostics)
	}
}

func (a *gatewaySMSSendAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	framework.Invoke(ctx, a, &a.Action, req, resp, a.run)
}

func (a *gatewaySMSSendAction) run(ctx context.Context, m *gatewaySMSSendModel, progress framework.Progress, diags *diag.Diagnostics) {
	mobiles, lines, d := m.numbers(ctx)
	diags.Append(d...)
	params, d := m.params(ctx)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	var tplID int64
	if !m.TplID.IsNull() {
		tplID, _ = strconv.ParseInt(m.TplID.ValueString(), 10, 64)
	}
	mode := "send_batch"
	switch {
	case lines != nil:
		mode = "send_file"
	case !m.SmsText.IsNull():
		mode = "send_sms"
	case len(mobiles) == 1 && !m.SignText.IsNull():
		mode = "send_single"
	}

	// Without sms_app_id and sms_app_key no request can be signed (spec
	// §5): say so once, before anything is sent, rather than fail every
	// request.
	if err := a.Client.Gateway.CheckCredentials(); err != nil {
		diags.AddError("Missing SMS Gateway Credentials", fmt.Sprintf("Nothing was sent: %v. %s", err, rerunHint(a.Name)))
		return
	}
	// The template, read once before anything is sent (tpl, tplErr): for
	// the length and values checks, and to say why the gateway refused it
	// (1016).
	var tpl *client.GatewayTemplate
	var tplErr error
	if tplID > 0 {
		if tpl, tplErr = a.Client.Gateway.GetTemplate(ctx, tplID); tplErr == nil && templateRefusesAtInvoke(ctx, a.Name, tpl, m, diags) {
			return
		}
	}
	chunks := chunk(mobiles, client.GatewayMaxMobiles)
	if mode == "send_file" {
		chunks = [][]string{mobiles} // one file carries every number and its values
	}
	var failures []failure
	var sent, fee int64
	for i, part := range chunks {
		if ctx.Err() != nil {
			failures = append(failures, failure{reason: "not sent: the run was cancelled (" + ctx.Err().Error() + ")", mobiles: flatten(chunks[i:])})
			break
		}
		res, err := a.send(ctx, mode, part, *m, tplID, params, lines)
		accepted := map[string]bool{}
		if err == nil {
			// The result may write a number otherwise than it was sent
			// (+86 or 86 before it): numbers are matched as sameMobile.
			for _, it := range res.Data {
				accepted[client.NationalMobile(string(it.Mobile))] = true
				fee += int64(it.SmsFee)
			}
			var missing []string
			for _, mob := range part {
				if !accepted[client.NationalMobile(mob)] {
					missing = append(missing, mob)
				}
			}
			if len(missing) > 0 {
				failures = append(failures, failure{reason: fmt.Sprintf("request %d of %d (%s): not in the gateway's result, although the request succeeded. "+
					"The outcome is unknown: check the delivery records before sending to these numbers again", i+1, len(chunks), mode), mobiles: missing, unknown: true})
			}
			sent += int64(len(part) - len(missing))
		} else {
			why := reason(err)
			if ge, ok := client.AsGatewayError(err); ok && ge.Code == client.GatewayTemplateInvalid && tplID > 0 {
				why += a.templateReview(ctx, tplID, tpl, tplErr)
			}
			f := failure{reason: fmt.Sprintf("request %d of %d (%s) failed: %s", i+1, len(chunks), mode, why), mobiles: part, unknown: client.IsAmbiguous(err)}
			attr := "mobiles"
			if lines != nil {
				attr = "recipients"
			}
			if client.GatewayRequestWide(err) && !f.unknown {
				// One group with the requests not sent after it: the same
				// rule refuses them all, said once.
				f.wide, f.from, f.attr = true, i*client.GatewayMaxMobiles, attr
				if i+1 < len(chunks) {
					f.reason = strings.TrimSuffix(f.reason, ".") + fmt.Sprintf(". Requests %d to %d were not sent: every request would get this error", i+2, len(chunks))
					f.mobiles = flatten(chunks[i:])
				}
			}
			failures = append(failures, f)
			if client.GatewayRequestWide(err) && f.unknown && i+1 < len(chunks) {
				// In doubt itself, but the code is one every request
				// would get: the rest are not sent, and said so.
				failures = append(failures, failure{reason: fmt.Sprintf("Requests %d to %d were not sent: request %d's error is one every request would get", i+2, len(chunks), i+1),
					mobiles: flatten(chunks[i+1:]), wide: true, from: (i + 1) * client.GatewayMaxMobiles, attr: attr})
			}
		}
		if err != nil && client.IsAmbiguous(err) {
			progress("%s request %d of %d: outcome unknown for %s (%s)", mode, i+1, len(chunks), plural(len(part), "number", "numbers"), whyUnknown(err))
		} else {
			progress("%s request %d of %d: %d of %s accepted",
				mode, i+1, len(chunks), len(part)-failedIn(failures, part), plural(len(part), "number", "numbers"))
		}
		if err != nil && client.GatewayRequestWide(err) {
			break
		}
	}
	if len(failures) == 0 {
		// send_file answers for the file as a whole, without smsFee
		// (spec §4.8): its billed count is not known, not 0.
		billed := fmt.Sprintf("billed count %d", fee)
		if mode == "send_file" {
			billed = "billed count not reported (send_file answers without fees)"
		}
		progress("sent %s to %s in %s, %s", plural(int(sent), "message", "messages"), plural(len(mobiles), "number", "numbers"),
			plural(len(chunks), "request", "requests"), billed)
		return
	}
	var b strings.Builder
	notSent, unknown := 0, 0
	for _, f := range failures {
		if f.unknown {
			unknown += len(f.mobiles)
		} else {
			notSent += len(f.mobiles)
		}
	}
	summary := "Unable to Send Gateway SMS"
	switch {
	case unknown == 0 && sent == 0:
		fmt.Fprintf(&b, "%d of %d numbers were not sent:", notSent, len(mobiles))
	case unknown == 0:
		fmt.Fprintf(&b, "%d of %d numbers were not sent (%s):", notSent, len(mobiles), plural(int(sent), "was", "were"))
	case notSent == 0:
		summary = "Gateway SMS Outcome Unknown"
		fmt.Fprintf(&b, "%d of %d numbers may or may not have been sent (%s accepted):", unknown, len(mobiles), plural(int(sent), "was", "were"))
	default:
		fmt.Fprintf(&b, "%d of %d numbers were not sent and %d may or may not have been sent (%s accepted):", notSent, len(mobiles), unknown, plural(int(sent), "was", "were"))
	}
	for _, f := range failures {
		if f.wide {
			// The numbers are the list's own from a position on: named by
			// their positions and the first few, not each (10,000 numbers
			// made an error of 250 KB that said one thing).
			fmt.Fprintf(&b, "\n\n%s (%s", f.reason, plural(len(f.mobiles), "number", "numbers"))
			if len(f.mobiles) > 1 {
				fmt.Fprintf(&b, ", %s[%d] to %s[%d]", f.attr, f.from, f.attr, f.from+len(f.mobiles)-1)
			}
			fmt.Fprintf(&b, "):\n%s", textcheck.SomeOf(len(f.mobiles), wideShown, func(k int) string { return shownMobile(f.mobiles[k]) }))
			continue
		}
		sorted := append([]string(nil), f.mobiles...)
		sort.Strings(sorted)
		// Named as the delivery records name them (§2.13: without +86;
		// every request carries the national form).
		fmt.Fprintf(&b, "\n\n%s (%s):\n%s", f.reason, plural(len(f.mobiles), "number", "numbers"), shownMobiles(sorted))
	}
	someAccepted := notSent+unknown < len(mobiles)
	if someAccepted {
		b.WriteString("\n\nNumbers not listed here were accepted; do not send to them again. Their delivery results arrive as delivery records.")
	}
	if unknown > 0 {
		b.WriteString(map[bool]string{true: " The numbers whose outcome is unknown may have been sent too", false: "\n\nThe numbers whose outcome is unknown may have been sent"}[someAccepted] +
			": find them in the delivery records before sending to them again; the records name each number as listed here, without +86." + lateRecords +
			" The delivery records are pushed to the app's delivery callback, or drained from the gateway's queue with `ccsync sms status pull --kind delivery` (each record is handed out once; no data source reads them).")
	}
	if sent == 0 && unknown == 0 {
		b.WriteString("\n\nNo number was sent, so running the action again once the cause is fixed sends each message once. " + rerunHint(a.Name))
	}
	diags.AddError(summary, b.String())
}

// send makes one request. Numbers go out in their national form: §4.8
// accepts a +86 prefix only on send_single's mobile, so a +86 or 86 number
// could get a whole send_sms, send_batch or file refused (1012); results
// are matched back to the numbers as written (NationalMobile).
func (a *gatewaySMSSendAction) send(ctx context.Context, mode string, part []string, m gatewaySMSSendModel, tplID int64, params any, lines map[string][]string) (*client.SendResult, error) {
	wire := make([]string, len(part))
	for i, mob := range part {
		wire[i] = client.NationalMobile(mob)
	}
	switch mode {
	case "send_file":
		shared, _ := params.([]string)
		rs := make([]client.FileRecipient, len(part))
		for i, mob := range part {
			rs[i] = client.FileRecipient{Mobile: wire[i], Params: lines[mob]}
		}
		err := a.Client.Gateway.SendFile(ctx, client.GatewayFile{TplID: tplID, SignText: m.SignText.ValueString(),
			SmsExt: m.SmsExt.ValueString(), Exten: m.Exten.ValueString(), SmsParams: shared, Recipients: rs})
		// The gateway answers for the file as a whole (no per-number data):
		// a success accepted every line.
		res := &client.SendResult{}
		for _, mob := range part {
			res.Data = append(res.Data, client.SendResultItem{Mobile: client.FlexString(mob)})
		}
		return res, err
	case "send_sms":
		return a.Client.Gateway.SendSMS(ctx, client.GatewaySMS{Mobiles: wire, SmsText: m.SmsText.ValueString(), SignText: m.SignText.ValueString(),
			SmsExt: m.SmsExt.ValueString(), Exten: m.Exten.ValueString()})
	case "send_single":
		return a.Client.Gateway.SendSingle(ctx, client.GatewaySingle{Mobile: wire[0], TplID: tplID, SmsParams: params,
			SignText: m.SignText.ValueString(), SmsExt: m.SmsExt.ValueString(), Exten: m.Exten.ValueString()})
	}
	return a.Client.Gateway.SendBatch(ctx, client.GatewayBatch{Mobiles: wire, TplID: tplID, SmsParams: params,
		SignText: m.SignText.ValueString(), SmsExt: m.SmsExt.ValueString(), Exten: m.Exten.ValueString()})
}

// numbers returns the numbers to send to, and with recipients each
// number's own values (lines is nil without recipients).
func (m gatewaySMSSendModel) numbers(ctx context.Context) (mobiles []string, lines map[string][]string, diags diag.Diagnostics) {
	if m.Recipients.IsNull() {
		diags = m.Mobiles.ElementsAs(ctx, &mobiles, false)
		return mobiles, nil, diags
	}
	var rs []gatewayRecipientModel
	diags = m.Recipients.ElementsAs(ctx, &rs, false)
	lines = map[string][]string{}
	for _, r := range rs {
		var ps []string
		diags.Append(r.SmsParamsList.ElementsAs(ctx, &ps, false)...)
		mobiles = append(mobiles, r.Mobile.ValueString())
		lines[r.Mobile.ValueString()] = ps
	}
	return mobiles, lines, diags
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

type gatewaySMSSendModel struct {
	Mobiles       types.List   `tfsdk:"mobiles"`
	SmsText       types.String `tfsdk:"sms_text"`
	TplID         types.String `tfsdk:"tpl_id"`
	SmsParams     types.Map    `tfsdk:"sms_params"`
	SmsParamsList types.List   `tfsdk:"sms_params_list"`
	Recipients    types.List   `tfsdk:"recipients"`
	SignText      types.String `tfsdk:"sign_text"`
	SmsExt        types.String `tfsdk:"sms_ext"`
	Exten         types.String `tfsdk:"exten"`
}

type gatewayRecipientModel struct {
	Mobile        types.String `tfsdk:"mobile"`
	SmsParamsList types.List   `tfsdk:"sms_params_list"`
}
