package actions

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ action.ActionWithConfigure      = (*smsSendAction)(nil)
	_ action.ActionWithValidateConfig = (*smsSendAction)(nil)
)

var (
	templateIDRE = regexp.MustCompile(`^[1-9][0-9]*$`)
	// mobileRE accepts a phone number: digits with an optional leading +.
	// The national format is the platform's to judge; it answers per number.
	mobileRE = regexp.MustCompile(`^\+?[0-9]{5,20}$`)
)

// lateRecords ends the advice to look up sends of unknown outcome: a send
// whose answer was lost (a gateway time-out) may still be carried out, and
// its record appear later, so a record missing at once proves nothing.
const lateRecords = " A send whose answer was lost may still be carried out and reach the records minutes later: look again after a few minutes before deciding it was not sent."

// NewSMSSendAction returns the contactcenter_sms_send action.
func NewSMSSendAction() action.Action { return &smsSendAction{Action: framework.NewAction("sms_send")} }

type smsSendAction struct {
	framework.Action
}

func (a *smsSendAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Sends a template SMS (a `contactcenter_sms_template`) to one or many recipients; the SMS gateway has its own `contactcenter_gateway_sms_send`. One recipient is sent as a single " +
			"send (`type = 1`, variables in `sms_params`); several as batch sends (`type = 2`) of at most 200 numbers each, " +
			"one line per number with its variable values in the order of the template's `tpl_param`. The template must be approved. " +
			"Every recipient needs a value for each of the template's variables: one missing stops the run before anything is sent. " +
			"When the template and the values are known at plan, the plan reads the template and warns of a missing value, a value the template has no variable for (a typo), " +
			"and a template not approved or not found (warnings: the same apply may change or approve it; the run checks again). " +
			"A template whose text the same plan edits (a `contactcenter_sms_template` that `template_id` refers to) is checked as the edit writes it, when both use the same provider configuration (a template under a provider alias of its own is checked as it reads now). " +
			"A number the platform refuses within a batch (its per-number errors) does not stop the others. A batch request that fails as a whole " +
			"(an error code, an HTTP error, a lost answer) stops the run: the later batches are not sent, since the same failure would likely repeat. " +
			"Every number not sent, or of unknown outcome, is listed with the reason in one error, with what to do. A send is re-sent only after " +
			"HTTP 429 (the platform's rate limit refused it, so nothing was sent; see `max_retries`); " +
			"when its answer is lost (the connection broke, no answer came within `request_timeout`, or the platform answered 5xx) it is not re-sent: its numbers are " +
			"listed as of unknown outcome, to check in `contactcenter_sms_records` before sending to them again: invoking the action again sends to every number of `recipients` again." + interruptedDoc + "each `Batch <i> of <n>` line " +
			"is a batch that was answered; the numbers of the later batches were not sent, except that the batch in flight at the interrupt " +
			"may have been (and so may a single recipient's send). Check them in `contactcenter_sms_records` before sending to them again " +
			"(the guide *SMS to a list from a file* shows a configuration that sends to the recipients without a record)." + triggerDoc + "\n\nAPI: sms/send.",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"template_id": schema.StringAttribute{
				Required:            true,
				MarkdownDescription: "The template to send (`template_id`): the `id` of a `contactcenter_sms_template` (not its `tpl_id`). It must be approved (`state = 1`).",
				Validators:          []validator.String{tfkit.Matching(templateIDRE, "must be a template id: a positive whole number without leading zeros, such as \"3001\"")},
			},
			"params": schema.MapAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Variable values shared by every recipient, keyed by variable name (`name` for `${name}`). A recipient's own `params` win. " +
					"A value that begins or ends with an invisible character (a zero-width space, a byte order mark) is refused: it would be sent, unseen, in the message.",
			},
			"recipients": schema.ListNestedAttribute{
				Required:            true,
				MarkdownDescription: "Who receives the message: at least one recipient. Each number may appear once (`+8613800138000`, `8613800138000` and `13800138000` are one number).",
				Validators:          []validator.List{listvalidator.SizeAtLeast(1)},
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"mobile": schema.StringAttribute{
						Optional: true, MarkdownDescription: "Required in every recipient. The mobile number (`phone`): 5 to 20 digits, the country code included when there is one, optionally after a leading `+`.",
						Validators: []validator.String{phoneValidator{}},
					},
					"params": schema.MapAttribute{
						Optional: true, ElementType: types.StringType,
						MarkdownDescription: "This recipient's variable values, keyed by variable name. In a batch a value may not hold a comma or a line feed: a batch sends each number as one line of comma-separated values. " +
							"A value that begins or ends with an invisible character (a zero-width space, a byte order mark) is refused: it would be sent, unseen, in the message.",
					},
				}},
			},
		}),
	}
}

// ValidateConfig checks what can be checked without the API: each number
// once, and batch values that the line format can carry.
func (a *smsSendAction) ValidateConfig(ctx context.Context, req action.ValidateConfigRequest, resp *action.ValidateConfigResponse) {
	defer shownAtValidation(req, resp)
	var m smsSendModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || m.Recipients.IsNull() || m.Recipients.IsUnknown() || framework.HasNullElement(m.Recipients) {
		return // a null recipient is refused by the attribute's own validator
	}
	if requireMobiles(m.Recipients, &resp.Diagnostics); resp.Diagnostics.HasError() {
		return
	}
	// An element may be unknown at plan (chosen by a condition on another
	// object): the known ones are checked now, every one at invoke.
	rs := make([]smsRecipientModel, len(m.Recipients.Elements()))
	for i, e := range m.Recipients.Elements() {
		o, ok := e.(types.Object)
		if !ok || o.IsUnknown() {
			rs[i] = smsRecipientModel{Mobile: types.StringUnknown(), Params: types.MapUnknown(types.StringType)}
			continue
		}
		resp.Diagnostics.Append(o.As(ctx, &rs[i], basetypes.ObjectAsOptions{})...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	seen := map[string]int{}
	for i, r := range rs {
		if r.Mobile.IsUnknown() || r.Mobile.IsNull() {
			continue
		}
		num := normalize(r.Mobile.ValueString())
		if j, dup := seen[num]; dup {
			resp.Diagnostics.AddAttributeError(path.Root("recipients").AtListIndex(i).AtName("mobile"), "Duplicate Recipient",
				fmt.Sprintf("%s is listed twice (recipients[%d] and recipients[%d]); each number may appear once so nobody gets the message twice.", r.Mobile.ValueString(), j, i))
		}
		seen[num] = i
	}
	refuseInvisibleEdges(smsSendValues(m.Params, rs), &resp.Diagnostics)
	if len(rs) < 2 {
		return
	}
	check := func(p path.Path, params types.Map) {
		if params.IsNull() || params.IsUnknown() {
			return
		}
		for k, v := range params.Elements() {
			s, ok := v.(types.String)
			if ok && !s.IsUnknown() && strings.ContainsAny(s.ValueString(), ",\n\r") {
				resp.Diagnostics.AddAttributeError(p.AtMapKey(k), "Invalid Batch Value",
					fmt.Sprintf("The value of ${%s}, %q, holds a comma or a line feed. A batch send writes each number as one line of comma-separated values, which cannot carry them.", k, s.ValueString()))
			}
		}
	}
	check(path.Root("params"), m.Params)
	for i, r := range rs {
		check(path.Root("recipients").AtListIndex(i).AtName("params"), r.Params)
	}
}

// ModifyPlan runs the checks on the values known at plan (framework.PlanChecks).
func (a *smsSendAction) ModifyPlan(ctx context.Context, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	defer shownAtPlan(a.NestedPaths, resp)
	framework.PlanChecks(ctx, a, req, resp)
	if a.Client == nil || resp.Diagnostics.HasError() {
		return
	}
	a.planValues(ctx, req, resp)
}

func (a *smsSendAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	framework.Invoke(ctx, a, &a.Action, req, resp, a.run)
}

func (a *smsSendAction) run(ctx context.Context, m *smsSendModel, progress framework.Progress, diags *diag.Diagnostics) {
	rs, common, recipients, d := m.expand(ctx)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	tid := m.TemplateID.ValueString()
	id, _ := strconv.ParseInt(tid, 10, 64)
	tpl, err := a.Client.SMS.GetTemplate(ctx, id)
	if err != nil {
		detail := tfkit.APIErrorDetail(err) + "\n\nNothing was sent: the template is read before any send. " + rerunHint(a.Name)
		if client.IsNotFound(err) {
			detail = fmt.Sprintf("Template %s does not exist. template_id is the template's `id` (contactcenter_sms_template.x.id), not its tpl_id.", tid)
		}
		diags.AddAttributeError(path.Root("template_id"), "Unable to Send SMS", detail)
		return
	}
	if int64(tpl.State) != client.TemplateApproved {
		// A template created (or edited) in the same apply without
		// wait_for_approval is still in review when an action_trigger runs
		// the send: that setting is what makes the apply wait.
		next := "Once it is approved, run the action again. To send in the same apply that creates or edits the template (action_trigger), " +
			"set wait_for_approval = true on the contactcenter_sms_template: the apply then waits for the review before the action runs."
		switch int64(tpl.State) {
		case client.TemplateRejected:
			next = "Change it as the review asks (a change submits it for review again); once it is approved, run the action again."
		case client.TemplateDraft:
			next = "Submit it for review (submit_for_review = true); once it is approved, run the action again."
		}
		diags.AddAttributeError(path.Root("template_id"), "Unable to Send SMS",
			fmt.Sprintf("Template %s (%q) is %s (state %d); only approved templates can send. Nothing was sent.%s %s %s",
				tid, string(tpl.TplTitle), string(tpl.StateName), int64(tpl.State), reasonText(tpl), next, rerunHint(a.Name)))
		return
	}

	checkValues(ctx, tid, tpl, recipients, rs, common, "Nothing was sent. "+rerunHint(a.Name), false, diags)
	if diags.HasError() {
		return
	}

	sent := map[string]string{}
	failed := map[string]string{}
	var groups []unsent
	if len(recipients) == 1 {
		r := recipients[0]
		// Only the template's variables go out, as in a batch (BatchPhone):
		// the warning above says the others are not sent (§4.1 sms_params
		// holds the template variables).
		own := make(map[string]string, len(tpl.TplParam))
		for _, name := range tpl.TplParam {
			own[name] = r.Params[name]
		}
		progress("Sending template %s to %s", tid, r.Mobile)
		res, err := a.Client.SMS.Send(ctx, client.SMSSendInput{Phone: r.Mobile, Type: 1, TemplateID: tid, SmsParams: own})
		if err != nil {
			detail := tfkit.APIErrorDetail(err)
			summary := "Unable to Send SMS"
			if client.IsAmbiguous(err) {
				summary = "SMS Outcome Unknown"
				// The records hold the number as the platform stores it
				// (without +86, spec §2.5), so the lookup names that form.
				detail = fmt.Sprintf("The outcome is unknown: %v\n\nThe message may have gone out. Check the send records "+
					"(data \"contactcenter_sms_records\" { mobile = %q }; the platform stores the number without +86) for %s before sending again.%s",
					err, storedMobile(r.Mobile), shownMobile(r.Mobile), lateRecords)
			}
			diags.AddError(summary, detail)
			return
		}
		merge(sent, failed, res)
	} else {
		chunks := (len(recipients) + client.SMSMaxBatch - 1) / client.SMSMaxBatch
		for c := 0; c < chunks; c++ {
			part := recipients[c*client.SMSMaxBatch : min((c+1)*client.SMSMaxBatch, len(recipients))]
			phone, err := client.BatchPhone(tpl.TplParam, part)
			if err != nil {
				diags.AddError("Unable to Send SMS", err.Error())
				return
			}
			res, err := a.Client.SMS.Send(ctx, client.SMSSendInput{Phone: phone, Type: 2, TemplateID: tid})
			if err != nil {
				// The request failed as a whole, and the later batches are not
				// tried (the same error would likely repeat). A refusal sent
				// nothing; a lost answer or a server failure may have sent
				// the batch. All are listed in the one diagnostic.
				g := unsent{reason: fmt.Sprintf("batch %d of %d failed as a whole, so none of its %s was sent", c+1, chunks, plural(len(part), "number", "numbers")),
					why: tfkit.APIErrorDetail(err), mobiles: mobiles(part), batch: c + 1}
				if client.IsAmbiguous(err) {
					g = unsent{reason: fmt.Sprintf("batch %d of %d, outcome unknown (the platform may have sent it): %v", c+1, chunks, err),
						mobiles: mobiles(part), unknown: true, batch: c + 1}
				}
				groups = append(groups, g)
				if rest := recipients[min((c+1)*client.SMSMaxBatch, len(recipients)):]; len(rest) > 0 {
					groups = append(groups, unsent{reason: fmt.Sprintf("not sent after batch %d failed: the later batches were not tried", c+1), mobiles: mobiles(rest), batch: c + 1, untried: true})
				}
				break
			}
			merge(sent, failed, res)
			progress("Batch %d of %d: %d sent, %d failed (template %s)",
				c+1, chunks, len(res.Success), len(res.Error), tid)
		}
	}
	progress("%d of %d recipients accepted for delivery", len(sent), len(recipients))
	notSent, unknown := len(failed), 0
	for _, g := range groups {
		if g.unknown {
			unknown += len(g.mobiles)
		} else {
			notSent += len(g.mobiles)
		}
	}
	if notSent+unknown > 0 {
		nums := make([]string, 0, len(failed))
		for n := range failed {
			nums = append(nums, n)
		}
		sort.Strings(nums)
		var b strings.Builder
		switch {
		case unknown == 0:
			fmt.Fprintf(&b, "%d of %d numbers were not sent", notSent, len(recipients))
		case notSent == 0:
			fmt.Fprintf(&b, "%d of %d numbers may or may not have been sent", unknown, len(recipients))
		default:
			fmt.Fprintf(&b, "%d of %d numbers were not sent and %d may or may not have been", notSent, len(recipients), unknown)
		}
		if len(sent) > 0 {
			fmt.Fprintf(&b, " (%s sent)", plural(len(sent), "other was", "others were"))
		}
		b.WriteString(":\n")
		for _, n := range nums {
			why := failed[n]
			if why == "" {
				why = "refused (the service gave no reason)"
			}
			fmt.Fprintf(&b, "  - %s: %s\n", n, why)
		}
		failedBatch, failedUnknown, untried := 0, false, false
		for _, g := range groups {
			list := strings.Join(g.mobiles, ", ")
			if g.unknown {
				list = shownMobiles(g.mobiles)
			}
			fmt.Fprintf(&b, "  - %s:\n      %s\n", g.reason, list)
			if g.why != "" {
				fmt.Fprintf(&b, "    Why: %s\n", strings.ReplaceAll(g.why, "\n\n", " "))
			}
			if g.untried {
				untried = true
			} else if g.batch > 0 {
				failedBatch, failedUnknown = g.batch, g.unknown
			}
		}
		// What to do depends on what happened: a number the platform
		// refused needs fixing; a number of a failed or untried batch is
		// fine and only needs sending; a number of unknown outcome needs
		// checking first; and a number that was sent must not be sent again.
		if len(failed) > 0 {
			b.WriteString("\nThe platform refused the numbers listed with a reason: fix each of them, or its values, and send to those numbers again.")
		}
		switch {
		case failedBatch > 0 && !failedUnknown:
			fmt.Fprintf(&b, "\nBatch %d failed as a whole (see Why), and no later batch was tried: nothing is wrong with its numbers or the ones after it. "+
				"Send to them again once the cause is fixed.", failedBatch)
		case failedBatch > 0 && untried:
			fmt.Fprintf(&b, "\nNo batch after batch %d was tried: the numbers listed as not sent were not, and nothing is wrong with them. Send to them again.", failedBatch)
		}
		if unknown > 0 {
			b.WriteString("\nThe numbers whose outcome is unknown may have the message already: check the send records (data \"contactcenter_sms_records\") before sending to them again. " +
				"Look each number up as listed, the way the platform stores it (without +86), e.g. mobile = \"" + storedMobile(firstUnknown(groups)) + "\"." + lateRecords +
				" The guide \"SMS to a list from a file\" shows a configuration that sends to the recipients without a record.")
		}
		switch {
		case len(sent) > 0:
			fmt.Fprintf(&b, "\nSend again only to the numbers listed: running the action with the whole list again would repeat the message for the %s.",
				plural(len(sent), "number that was sent", "numbers that were sent"))
		case unknown > 0:
			b.WriteString("\nSend again only to the numbers found not sent: running the action again would repeat the message for any that was.")
		default:
			b.WriteString("\nNo number was sent, so running the action again once the cause is fixed sends each message once. " + rerunHint(a.Name))
		}
		summary := "SMS Not Sent to Every Recipient"
		if notSent == 0 {
			summary = "SMS Outcome Unknown"
		}
		diags.AddError(summary, b.String())
	}
}

// unsent is a group of numbers a whole batch request did not send, or,
// when unknown, may not have sent (the answer was lost or the server
// failed after the request arrived).
type unsent struct {
	reason  string
	why     string // the API's answer, when the batch was refused
	mobiles []string
	unknown bool
	batch   int  // the batch that failed
	untried bool // the numbers after it, not tried
}

// firstUnknown is the first number of unknown outcome, for an example.
func firstUnknown(groups []unsent) string {
	for _, g := range groups {
		if g.unknown && len(g.mobiles) > 0 {
			return g.mobiles[0]
		}
	}
	return ""
}

func mobiles(rs []client.SMSRecipient) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Mobile
	}
	return out
}

func merge(sent, failed map[string]string, res *client.SMSSendResult) {
	for k, v := range res.Success {
		sent[k] = v
	}
	for k, v := range res.Error {
		failed[k] = v
	}
}

func reasonText(t *client.SMSTemplate) string {
	if t.Reason == "" {
		return ""
	}
	return " Review reason: " + string(t.Reason) + "."
}

// withPlus writes a mainland mobile given with its country code but
// without the "+" (8613800138000) as +8613800138000: the schema takes the
// "+" as optional and normalize counts both as one number, but the
// platform reads a number without "+" as national and refused the 13
// digits ("mobile number format wrong"), at apply, after a plan that
// accepted it. Any other number is sent as written.
func withPlus(m string) string {
	if len(m) == 13 && strings.HasPrefix(m, "861") {
		return "+" + m
	}
	return m
}

// normalize gives one form to the ways of writing a number: +86 and 86
// before a Chinese mobile (1 and ten digits) name the same number.
func normalize(m string) string {
	m = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(m), "+86"), "+")
	if len(m) == 13 && strings.HasPrefix(m, "861") {
		m = m[2:]
	}
	return m
}

type smsSendModel struct {
	TemplateID types.String `tfsdk:"template_id"`
	Params     types.Map    `tfsdk:"params"`
	Recipients types.List   `tfsdk:"recipients"`
}

// expand returns the recipients as configured, the shared params, and
// the recipients as sent: each with the shared params and its own over
// them, its number with the + it needs (withPlus).
func (m smsSendModel) expand(ctx context.Context) ([]smsRecipientModel, map[string]string, []client.SMSRecipient, diag.Diagnostics) {
	var rs []smsRecipientModel
	diags := m.Recipients.ElementsAs(ctx, &rs, false)
	common := map[string]string{}
	if !m.Params.IsNull() {
		diags.Append(m.Params.ElementsAs(ctx, &common, false)...)
	}
	if diags.HasError() {
		return nil, nil, nil, diags
	}
	recipients := make([]client.SMSRecipient, len(rs))
	for i, r := range rs {
		params := maps.Clone(common)
		if !r.Params.IsNull() {
			own := map[string]string{}
			diags.Append(r.Params.ElementsAs(ctx, &own, false)...)
			maps.Copy(params, own)
		}
		recipients[i] = client.SMSRecipient{Mobile: withPlus(r.Mobile.ValueString()), Params: params}
	}
	return rs, common, recipients, diags
}

type smsRecipientModel struct {
	Mobile types.String `tfsdk:"mobile"`
	Params types.Map    `tfsdk:"params"`
}
