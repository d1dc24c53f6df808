package resources

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure        = (*smsTemplateResource)(nil)
	_ resource.ResourceWithImportState      = (*smsTemplateResource)(nil)
	_ resource.ResourceWithIdentity         = (*smsTemplateResource)(nil)
	_ resource.ResourceWithModifyPlan       = (*smsTemplateResource)(nil)
	_ resource.ResourceWithConfigValidators = (*smsTemplateResource)(nil)
)

// templateVarsRE matches text whose every `${` opens a well-formed
// variable `${name}` (§2.4: variables are written `${name}`): a name without
// braces or white space, white space as unicode.IsSpace sees it (the
// template_params function's rule; `\s` alone is ASCII only). A run of
// "$" is read whole, so that the last "$" of "$${" (a price in dollars
// before its variable, "$${amount}") opens the variable: read "$" and
// "${" apart, "$$" passed as two characters and "Your bill: $${ amount }"
// (or an unclosed "$${amount") was taken unchecked, which template_params
// refuses and whose variable the platform does not report in tpl_param.
var templateVarsRE = regexp.MustCompile(`^([^$]|\$+[^{$]|\$+$|\$+\{[^{}\s\x0B\x{85}\p{Z}]+\})*$`)

// templateNamePrefix starts the import id that names an SMS template by
// its name (template_name, answered as tpl_title, §2.4), the same in every
// contact center; template/list filters by it (keyword, §4.1), and the
// import takes only the exact name.
const templateNamePrefix = "template_name:"

// NewSMSTemplateResource returns the contactcenter_sms_template resource.
func NewSMSTemplateResource() resource.Resource {
	r := &smsTemplateResource{}
	r.Resource = framework.NewResource("sms_template")
	r.importRule = "An SMS template is imported by its numeric id (`id` of sms/template/list) or as template_name:<template name>"
	r.importKey = &importKey{prefix: templateNamePrefix, title: "SMS Template", field: "template_name", list: `data "contactcenter_sms_templates"`,
		noun: "SMS template", value: "template name", idField: "id", find: keyFinder(func(ctx context.Context, c *client.Client, name string) ([]client.SMSTemplate, error) {
			return c.SMS.TemplatesByName(ctx, name)
		},
			func(ctx context.Context, c *client.Client) iter.Seq2[client.SMSTemplate, error] {
				return c.SMS.ListTemplates(ctx, client.SMSTemplateFilter{})
			},
			func(t client.SMSTemplate) string { return string(t.TplTitle) },
			func(t client.SMSTemplate) keyMatch {
				return keyMatch{id: t.ID.Int64(), state: "state " + client.TemplateStateName(t.State.Int64())}
			})}
	r.steps = reviewSteps[smsTemplateModel]{
		Steps: framework.Steps[smsTemplateModel]{Title: "SMS Template", Get: r.get,
			Volatile: []string{"state", "state_name", "reason", "update_time", "tpl_type", "tpl_type_name"}}, rejected: client.TemplateRejected,
		approved: client.TemplateApproved, stateName: client.TemplateStateName,
		inReview: func(s int64) bool { return s == client.TemplatePending }, replaced: "deletes it and submits a new one for review",
		review: func(m *smsTemplateModel) review {
			// A draft is never reviewed: there is nothing to wait for.
			return review{wait: m.WaitForApproval.ValueBool() && m.SubmitForReview.ValueBool(), timeouts: m.Timeouts,
				state: m.State.ValueInt64(), reason: m.Reason.ValueString(),
				what: fmt.Sprintf("template %s (%s)", m.ID.ValueString(), m.TemplateName.ValueString())}
		},
		explain: templateWriteAdvice,
	}
	return r
}

type smsTemplateResource struct {
	reviewedResource[smsTemplateModel]
}

func (r *smsTemplateResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := SMSTemplateAttributes()
	attrs["timeouts"] = createUpdateTimeoutAttribute(ctx, "How long `wait_for_approval` waits for the review after a change. Defaults to `30m`.")
	resp.Schema = schema.Schema{
		MarkdownDescription: "An SMS template: the text of a message, with `${name}` variables filled in for each recipient, sent under a signature. " +
			"Templates are reviewed by the platform (`state`: `-1` draft, `0` pending review, `1` approved, `2` rejected); only approved templates can send " +
			"(`contactcenter_sms_send`). Every change of `template_name`, `template_contents`, `sign_id`, `dept_id` or `submit_for_review` is made in place and sends the template back to review, so the plan " +
			"shows `state` as known after apply, and warns when the template is approved (sends that use it are refused until it is approved again); changing `wait_for_approval` or `timeouts`, Terraform's settings, updates nothing on the platform. " +
			"An edit writes every field (template/update), and sends those the plan does not change as the platform holds them then (one read), so a text changed in the portal after the plan is kept. " +
			"Renaming the resource or changing its `for_each` key needs a `moved` block from the old address to the new one: without it the plan deletes the template " +
			"and creates another of the same `template_name`, which is refused when it runs first and goes through review again when it does not " +
			"(the plan warns \"SMS Template Deleted and Created Again\"). " +
			"Import by id (`terraform import contactcenter_sms_template.x 3001`), by name (`template_name:Parcel shipped`, the same in every contact center, where ids are not; " +
			"refused when no template or several have the name) or by identity. " +
			"API: sms/template/store, sms/template/update, sms/template/list, sms/template/delete (spec §4.1, §2.4).",
		Attributes: framework.OmitNulls(framework.Strict(attrs)),
	}
}

// SMSTemplateAttributes are the template's fields, declared once for the
// resource and the contactcenter_sms_templates data source.
func SMSTemplateAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": framework.IDAttribute("The template id (`id`), used as `template_id` when sending."),
		"template_name": schema.StringAttribute{
			Required: true, MarkdownDescription: "The template name (`template_name`, answered as `tpl_title`). The platform may refuse a name another template holds; the error then names that template. " +
				"A rename to a name another template holds, and both renames of two templates that swap their names in one apply, are refused the same way: the plan warns of each " +
				"(swap them in two applies, through a temporary name).",
			Validators: []validator.String{
				stringvalidator.LengthAtLeast(1),
				trimmed(),
			},
		},
		"template_contents": schema.StringAttribute{
			Required: true,
			MarkdownDescription: "The template body (`template_contents`, answered as `tpl_text`). Variables are written `${name}` " +
				"(use `$${name}` in HCL to write a literal `${`); their names become `tpl_param`. The signature (`sign_id`) is put in front of each message: " +
				"a text that starts with one in brackets (`【Acme】…`) warns at plan.",
			Validators: []validator.String{
				stringvalidator.LengthAtLeast(1), notBlank(),
				tfkit.Matching(templateVarsRE, "must write every variable as ${name}: each \"${\" needs a name without white space and a closing \"}\""),
				signatureBrackets("sign_id"), fullWidthVariables, invisibleCharacters,
			},
		},
		"sign_id": schema.Int64Attribute{
			Required: true,
			MarkdownDescription: "The signature the template is sent with (`sign_id`): the `id` of a `contactcenter_sms_signature` " +
				"(not its platform `sign_id`). Answered as `new_sign_id`.",
			Validators: []validator.Int64{int64validator.AtLeast(1)},
		},
		"dept_id": framework.OptionalComputedInt64("The owning department (`dept_id`). When unset the service chooses (the root department, `0`, in the simulator).",
			int64validator.AtLeast(0)),
		"submit_for_review": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(true),
			MarkdownDescription: "Submit the template for review (`action = 2`) on create and on every change. `false` saves it as a draft " +
				"(`action = 1`, `state` `-1`), which cannot send. A refresh reads it from `state`: a template saved as a draft in the portal (or a draft submitted there) " +
				"plans a change of `submit_for_review` that saves it as configured. Defaults to `true`: when it is not set, a template saved as a draft outside this configuration " +
				"(in the portal, or before it was imported) is submitted for review by the next apply (the plan warns, \"SMS Template Submitted for Review by the Default\"; " +
				"`lifecycle { ignore_changes = [submit_for_review] }` leaves it to the portal).",
		},
		"wait_for_approval": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			MarkdownDescription: "After create and update, wait until the review is done (within the `create` or `update` timeout, default 30 minutes). " +
				"A rejection fails the apply with the reviewer's reason, and so does a template that leaves review neither approved nor rejected (saved as a draft in the portal meanwhile). " +
				"A review not done in time fails the apply too: after a create the template stays in review " +
				"but Terraform marks it tainted, and the next apply replaces it unless you `terraform untaint` it (the plan warns once the review has approved it); after an update, nothing is undone. " +
				"While a review is pending, each plan shows an in-place update that only waits for it (nothing is sent). Requires `submit_for_review = true`. Defaults to `false`.",
		},
		"tpl_id": framework.StableInt64("The template id on the SMS platform (`tpl_id`): send records carry it, and `contactcenter_sms_records` filters by it."),
		"state": schema.Int64Attribute{
			Computed: true, MarkdownDescription: "Review state (`state`): `-1` draft, `0` pending review, `1` approved, `2` rejected. Every change returns the template to `0` (or `-1` as a draft).",
		},
		"state_name": computedString("Review state as text (`state_name`)."),
		"reason":     computedString("Why the review rejected the template (`reason`); empty unless `state` is `2`."),
		"tpl_param": schema.ListAttribute{
			Computed: true, ElementType: types.StringType,
			MarkdownDescription: "Names of the template's variables (`tpl_param`), in order of appearance. A batch send gives each number its values in this order. " +
				"Known at plan time: they follow from `template_contents`.",
			PlanModifiers: []planmodifier.List{variablesOf("template_contents")},
		},
		"tpl_type": schema.Int64Attribute{
			Computed: true, MarkdownDescription: "Template type (`tpl_type`): `1` verification code, `2` notice, `3` marketing. Decided by the platform.",
		},
		"tpl_type_name": computedString("Template type as text (`tpl_type_name`)."),
		"sign_text":     computedString("Text of the template's signature (`sign_text`)."),
		"dept_name":     computedString("Name of the owning department (`dept_name`)."),
		"add_time":      framework.Stamp("When the template was created (`add_time`, `yyyy-mm-dd HH:ii:ss` in the platform's local time, no zone)."),
		"update_time":   computedString("When the template was last changed (`update_time`, `yyyy-mm-dd HH:ii:ss` in the platform's local time, no zone)."),
	}
}

func (r *smsTemplateResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = framework.IDIdentity("The template id (`id` of sms/template/list).")
}

func (r *smsTemplateResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.steps.create(ctx, req, resp, func(ctx context.Context, plan *smsTemplateModel) error {
		defer templateName.applied(r.Claims, plan.TemplateName)
		t, err := r.Client.SMS.CreateTemplate(ctx, plan.expand())
		if err == nil {
			plan.ID = types.StringValue(strconv.FormatInt(int64(t.ID), 10))
		}
		return r.nameTaken(ctx, err, plan, 0, "")
	})
	recordConfiguredDefaults(ctx, req.Config.Raw, resp.Private, &resp.Diagnostics, templateUndoneByDefault)
}

// Read refreshes the template, and submit_for_review with it: whether it
// is a draft (state -1, saved with action 1) or was submitted (§3.2) is
// decided by the last save, which the portal can make too. An approved
// template saved as a draft in the portal cannot send; kept as the
// configuration holds it, submit_for_review hid that drift (the plan was
// empty). Read from the state, the plan shows it changing and submits the
// template again (and a draft submitted in the portal is saved as a draft).
func (r *smsTemplateResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.reviewedResource.Read(ctx, req, resp)
	if resp.Diagnostics.HasError() || resp.State.Raw.IsNull() {
		return
	}
	var state types.Int64
	resp.Diagnostics.Append(resp.State.GetAttribute(ctx, path.Root("state"), &state)...)
	if resp.Diagnostics.HasError() || state.IsNull() || state.IsUnknown() {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("submit_for_review"), types.BoolValue(state.ValueInt64() != client.TemplateDraft))...)
}

// Update sends template/update (back to review) unless only
// wait_for_approval or timeouts changed.
func (r *smsTemplateResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var prior smsTemplateModel
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	defer r.Claims.EditDone(tfkit.SMSTemplateText(prior.ID.ValueString()))
	written := false
	r.steps.update(ctx, req, resp, func(ctx context.Context, plan *smsTemplateModel) error {
		in, err := r.asHeld(ctx, plan, &prior)
		if err != nil {
			return err
		}
		_, err = r.Client.SMS.UpdateTemplate(ctx, framework.ID(plan.ID), in)
		written = err == nil
		return r.nameTaken(ctx, err, plan, framework.ID(plan.ID), prior.TemplateName.ValueString())
	}, "wait_for_approval", "timeouts")
	recordWrittenDefaults(ctx, written, req.Config.Raw, resp.Private, &resp.Diagnostics, templateUndoneByDefault)
}

// asHeld is the edit of plan, with each field the plan does not change
// (from prior, the state's) sent as the platform holds it now.
// template/update writes every field, name, contents and signature being
// required (§3.2): sent as refreshed at plan time, an edit of the name put
// back contents a marketing team had changed in the portal since the plan
// (a saved plan applied after its review, hours later), without a word,
// also under lifecycle { ignore_changes = [template_contents] }, where the
// portal owns them. One read of the template; the read-back then warns
// that the platform holds other values than planned, and the next plan
// shows them.
func (r *smsTemplateResource) asHeld(ctx context.Context, plan, prior *smsTemplateModel) (client.SMSTemplateInput, error) {
	in := plan.expand()
	held, err := r.Client.SMS.GetTemplate(ctx, framework.ID(plan.ID))
	err = framework.SendHeld(held, err, heldTemplateName, &in.TemplateName, plan.TemplateName.Equal(prior.TemplateName), func(held *client.SMSTemplate) {
		framework.KeepHeld(plan.TemplateContents.Equal(prior.TemplateContents), &in.TemplateContents, string(held.TplText))
		framework.KeepHeld(plan.SignID.Equal(prior.SignID), &in.SignID, held.NewSignID.Int64())
		framework.KeepHeld(plan.DeptID.Equal(prior.DeptID) && !prior.DeptID.IsNull(), &in.DeptID, new(held.DeptID.Int64()))
	})
	return in, err
}

// heldTemplateName is the name every template/update requires (§4.1).
var heldTemplateName = framework.HeldName[client.SMSTemplate]{Attr: "template_name", Of: func(t *client.SMSTemplate) string { return string(t.TplTitle) }}

func (r *smsTemplateResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.steps.Delete(ctx, req, resp, func(ctx context.Context, state *smsTemplateModel) error {
		defer templateName.applied(r.Claims, state.TemplateName)
		return r.Client.SMS.DeleteTemplate(ctx, framework.ID(state.ID))
	}, nil)
}

// ModifyPlan makes the review visible: a change of an API field sends the
// template back to review, so state, state_name and reason are unknown
// (and tpl_type with the contents, sign_text with the signature, dept_name
// with the department; tpl_param follows from the contents, see
// variablesOf). Without such a change the computed values stay as they
// are, unless wait_for_approval is switched on while the review is pending.
func (r *smsTemplateResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.steps.PlanChecks(ctx, req, resp)
	defer templateName.planHolder(req, resp, r.Claims)
	deleted := templateName.warnDeletedAndCreated(req, r.Claims, &resp.Diagnostics)
	r.warnNameTaken(ctx, req, resp, deleted)
	warnKeyChanged(ctx, req, resp, r.Claims, r.Client, templateName, templateNamePrefix, r.Client == nil,
		func(name string) ([]client.SMSTemplate, bool, error) {
			return r.Client.SMS.SeenTemplatesByName(ctx, name)
		},
		templateHolder, func(id string) bool { n, _ := strconv.ParseInt(id, 10, 64); return r.Client.SMS.TemplateReadInWalk(n) })
	if !req.State.Raw.IsNull() {
		// What an earlier plan of this process recorded of the text (a plan
		// not applied: a `command = plan` run of terraform test) is this
		// plan's to say again, or not: kept, a later plan that no longer
		// edits the text had the send check its values against it.
		var id string
		if raw := rawAttr(req.State.Raw, "id"); raw.IsKnown() && !raw.IsNull() && raw.As(&id) == nil {
			r.Claims.EditDone(tfkit.SMSTemplateText(id))
			r.Claims.EditDone(tfkit.SMSTemplateSign(id))
			planSignLeft(req, r.Claims, id)
		}
	}
	api := []string{"template_name", "template_contents", "sign_id", "submit_for_review", "dept_id"}
	warnUndoneByDefault(ctx, req, &resp.Diagnostics, templateNamed, templateUndoneByDefault...)
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	if planReview(ctx, req, resp, "SMS Template", client.TemplatePending, client.TemplateRejected,
		"Change what the reviewer refused and apply, which submits it for review again.", api, "tpl_type", "tpl_type_name", "sign_text", "dept_name", "update_time") {
		// Nothing is sent, but the apply waits for a pending review under
		// wait_for_approval (planReview): a send planned after this runs
		// with an approved template (see PlanEdit below).
		var wait types.Bool
		var state types.Int64
		var text types.String
		resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("wait_for_approval"), &wait)...)
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("state"), &state)...)
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("template_contents"), &text)...)
		var id string
		if raw := rawAttr(req.State.Raw, "id"); wait.ValueBool() && state.ValueInt64() == client.TemplatePending && raw.IsKnown() && !raw.IsNull() && raw.As(&id) == nil {
			r.Claims.PlanEdit(tfkit.SMSTemplateText(id), tfkit.Edit{From: text.ValueString(), To: text.ValueString(), Known: true, WaitsForApproval: true})
		}
		return
	}
	var plan, prior smsTemplateModel
	resp.Diagnostics.Append(resp.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// A contactcenter_sms_send planned after this (its template_id refers
	// to this template) checks its values against the text this apply
	// writes, not the one the platform holds now: a new variable and its
	// values in one change warned "no variable day (a typo?) ... not
	// sent", and the send then sent it. Recorded for every change the
	// review looks at, the text's or not (To is From then): under
	// wait_for_approval its apply waits for the approval, and a draft
	// submitted or a rejected template renamed warned the send "SMS
	// Template Not Approved" all the same.
	r.Claims.PlanEdit(tfkit.SMSTemplateText(prior.ID.ValueString()), tfkit.Edit{
		From: prior.TemplateContents.ValueString(), To: plan.TemplateContents.ValueString(), Known: !plan.TemplateContents.IsUnknown(),
		WaitsForApproval: plan.WaitForApproval.ValueBool() && plan.SubmitForReview.ValueBool(),
	})
	if prior.State.ValueInt64() == client.TemplateApproved {
		// The plan shows state as known after apply; a reviewer of the
		// plan does not read that live sends will be refused.
		back := "submits it for review again (state 0)"
		if !plan.SubmitForReview.IsUnknown() && !plan.SubmitForReview.ValueBool() {
			back = "saves it as a draft (state -1)"
		}
		change, same := "this change "+back, ""
		if unknown := unknownOnly(ctx, req, api); len(unknown) > 0 {
			// Values known only at apply (another resource's) that come out
			// as the platform holds them send nothing (the apply plans the
			// template again, and finds no change): the template stays
			// approved. Said as a condition, not as what happens.
			names, isKnown, _, _ := knownOnly(unknown)
			some, every := "any comes", "all come"
			if len(unknown) == 1 {
				some, every = "it comes", "it comes"
			}
			change = fmt.Sprintf("%s %s: if %s out other than the template's, the apply %s", names, isKnown, some, back)
			same = fmt.Sprintf(" If %s out the same, nothing is sent and it stays approved.", every)
		}
		resp.Diagnostics.AddWarning("Approved SMS Template Goes Back to Review",
			fmt.Sprintf("SMS template %s (%s) is approved; %s, and until the review approves it again, sends that use it are refused.%s "+
				"To keep sending meanwhile, create the changed text as a new template and switch the senders to it once approved.",
				prior.ID.ValueString(), prior.TemplateName.ValueString(), change, same))
	}
	unknownStr := types.StringUnknown()
	plan.State, plan.StateName, plan.Reason, plan.UpdateTime = types.Int64Unknown(), unknownStr, unknownStr, unknownStr
	plan.TplType, plan.TplTypeName = prior.TplType, prior.TplTypeName
	if !plan.TemplateContents.Equal(prior.TemplateContents) {
		plan.TplType, plan.TplTypeName = types.Int64Unknown(), unknownStr
	}
	plan.SignText = prior.SignText
	if !plan.SignID.Equal(prior.SignID) {
		plan.SignText = unknownStr
	}
	plan.DeptName = prior.DeptName
	if !plan.DeptID.Equal(prior.DeptID) {
		plan.DeptName = unknownStr
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, &plan)...)
}

// ConfigValidators: a draft is never reviewed, so waiting for its approval
// would only time out.
func (r *smsTemplateResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return []resource.ConfigValidator{draftNoWaitRule}
}

type draftNoWaitValidator struct{ framework.Described }

var draftNoWaitRule = draftNoWaitValidator{"wait_for_approval = true requires submit_for_review = true"}

func (draftNoWaitValidator) ValidateResource(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var wait, submit types.Bool
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("wait_for_approval"), &wait)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("submit_for_review"), &submit)...)
	if wait.ValueBool() && !submit.IsNull() && !submit.IsUnknown() && !submit.ValueBool() {
		resp.Diagnostics.AddAttributeError(path.Root("wait_for_approval"), "Invalid Attribute Combination",
			"wait_for_approval = true requires submit_for_review = true: a draft (submit_for_review = false, action 1) is never reviewed, so waiting for its approval could only time out.")
	}
}

// nameTaken names the template that holds the name a create or an update
// was refused for (409), and how to manage it; err is returned tied to
// template_name, or to sign_id when the signature does not exist.
func (r *smsTemplateResource) nameTaken(ctx context.Context, err error, plan *smsTemplateModel, self int64, old string) error {
	name := plan.TemplateName.ValueString()
	e, ok := client.AsAPIError(err)
	switch {
	case ok && client.HasCode(err, client.SMSCodeNotFound) && (self == 0 || strings.Contains(strings.ToLower(e.Message), "sign")):
		// A create refused so can only lack its signature; an update may
		// lack the template itself (deleted since the plan), which is
		// no attribute's fault.
		signID := plan.SignID.ValueInt64()
		// A signature has two numbers: its id, which sign_id takes, and
		// its sign_id on the SMS platform, an easy one to give instead
		// (contactcenter_sms_signature.s.sign_id). Said here, the look-up
		// costs a call only when the write failed.
		if sg, ferr := r.Client.SMS.FindSignatureBySignID(ctx, signID); ferr == nil && sg != nil && sg.ID.Int64() != signID {
			err = &signIDGiven{error: err, advice: fmt.Sprintf("%d is the platform sign_id of signature %d (%q); sign_id takes the signature's id: "+
				"use contactcenter_sms_signature.<name>.id (%d).", signID, sg.ID.Int64(), string(sg.SignText), sg.ID.Int64())}
		}
		return tfkit.AtAttr(path.Root("sign_id"), err) // templateWriteAdvice says why
	case !ok || !client.HasCode(err, client.SMSCodeConflict):
		return err
	}
	if e.Hint != "" {
		return tfkit.AtAttr(path.Root("template_name"), err)
	}
	if self == 0 {
		// A create: the templates holding the name, and the likely causes.
		var held []takenBy
		if found, ferr := r.Client.SMS.TemplatesByName(ctx, name); ferr == nil {
			held = holdersOf(found, templateHolder)
		}
		e.Hint = templateName.refusedHint(templateNamePrefix, name, held)
		return tfkit.AtAttr(path.Root("template_name"), err)
	}
	if other, ferr := r.Client.SMS.FindTemplateByName(ctx, name); ferr == nil && other != nil && other.ID.Int64() != self {
		// An update: what fits depends on where the other template is
		// managed (updateRefusedHint); an import only of one made
		// outside this configuration, and at an address of its own.
		e.Hint = templateName.updateRefusedHint(r.Claims, templateNamePrefix, old, name, []takenBy{templateHolder(*other)}, "")
	}
	return tfkit.AtAttr(path.Root("template_name"), err)
}

// signIDGiven is a write refused because no signature has the id sign_id
// gives, where a signature has it as its platform sign_id: advice says so.
type signIDGiven struct {
	error
	advice string
}

func (e *signIDGiven) Unwrap() error { return e.error }

// templateWriteAdvice explains the codes of store/update a person can act on.
func templateWriteAdvice(err error) string {
	e, _ := client.AsAPIError(err)
	var given *signIDGiven
	switch {
	case errors.As(err, &given):
		return given.advice
	case client.HasCode(err, client.SMSCodeNotFound):
		return "Check sign_id: it must be the id of an existing contactcenter_sms_signature."
	case client.HasCode(err, client.SMSCodeConflict) && e != nil && e.Hint != "":
		return "" // nameTaken named the template
	case client.HasCode(err, client.SMSCodeConflict):
		return "Another template already has this template_name; names are unique within the enterprise."
	case client.HasCode(err, client.SMSCodeState):
		return "The signature was rejected; use an approved signature."
	}
	return ""
}

func (r *smsTemplateResource) get(ctx context.Context, m *smsTemplateModel) error {
	t, err := r.Client.SMS.GetTemplate(ctx, framework.ID(m.ID))
	if err == nil {
		m.flatten(t)
	}
	return templateTplID.importedByPlatformNumber(ctx, r.Client, m.ID, m.TemplateName.IsNull(), err)
}

func (m smsTemplateModel) expand() client.SMSTemplateInput {
	action := client.TemplateActionSubmit
	if !m.SubmitForReview.IsNull() && !m.SubmitForReview.IsUnknown() && !m.SubmitForReview.ValueBool() {
		action = client.TemplateActionDraft
	}
	return client.SMSTemplateInput{
		TemplateName: m.TemplateName.ValueString(), TemplateContents: m.TemplateContents.ValueString(),
		SignID: m.SignID.ValueInt64(), DeptID: tfkit.Int64Ptr(m.DeptID), Action: action,
	}
}

// SMSTemplateItem is a template as sms/template/list answers it: the fields
// the resource and the contactcenter_sms_templates data source share (the
// resource names the name, text and signature as template/store does).
type SMSTemplateItem struct {
	ID          types.String `tfsdk:"id"`
	DeptID      types.Int64  `tfsdk:"dept_id"`
	TplID       types.Int64  `tfsdk:"tpl_id"`
	State       types.Int64  `tfsdk:"state"`
	StateName   types.String `tfsdk:"state_name"`
	Reason      types.String `tfsdk:"reason"`
	TplParam    types.List   `tfsdk:"tpl_param"`
	TplType     types.Int64  `tfsdk:"tpl_type"`
	TplTypeName types.String `tfsdk:"tpl_type_name"`
	SignText    types.String `tfsdk:"sign_text"`
	DeptName    types.String `tfsdk:"dept_name"`
	AddTime     types.String `tfsdk:"add_time"`
	UpdateTime  types.String `tfsdk:"update_time"`
}

// Flatten fills the item from the API's template.
func (i *SMSTemplateItem) Flatten(t *client.SMSTemplate) {
	framework.Flatten(t, i)
	i.TplParam = stringList(inOrderOfAppearance(t.TplParam, string(t.TplText)))
}

// inOrderOfAppearance orders a template's variable names as they first
// appear in its text (names not found last, in the platform's order): the
// documented order, in which a batch send gives each number its values.
// The platform's own order is not stated (§2.4), and a list in another
// order was stored, and changed outside Terraform at each refresh.
func inOrderOfAppearance(params []string, text string) []string {
	vars, _ := client.TemplateVariables(text) // the variables before a malformed one still order
	at := func(name string) int {
		if i := slices.Index(vars, name); i >= 0 {
			return i
		}
		return len(vars)
	}
	out := append([]string{}, params...)
	slices.SortStableFunc(out, func(a, b string) int { return cmp.Compare(at(a), at(b)) })
	return out
}

func (m *smsTemplateModel) flatten(t *client.SMSTemplate) {
	m.Flatten(t)
	m.TemplateName = types.StringValue(string(t.TplTitle))
	m.TemplateContents = types.StringValue(string(t.TplText))
	m.SignID = types.Int64Value(int64(t.NewSignID))
	if m.SubmitForReview.IsNull() || m.SubmitForReview.IsUnknown() {
		// Import: a draft was saved with action 1.
		m.SubmitForReview = types.BoolValue(int64(t.State) != client.TemplateDraft)
	}
	notWaiting(&m.WaitForApproval)
}

type smsTemplateModel struct {
	SMSTemplateItem
	TemplateName     types.String   `tfsdk:"template_name"`
	TemplateContents types.String   `tfsdk:"template_contents"`
	SignID           types.Int64    `tfsdk:"sign_id"`
	SubmitForReview  types.Bool     `tfsdk:"submit_for_review"`
	WaitForApproval  types.Bool     `tfsdk:"wait_for_approval"`
	Timeouts         timeouts.Value `tfsdk:"timeouts"`
}

// planSignLeft records that this plan deletes template id, or points it at
// another signature (sign_id changes, or is known only at apply), for the
// destroy plan of the signature it uses (warnSignatureInUse), which
// Terraform makes after those of the templates that refer to it.
func planSignLeft(req resource.ModifyPlanRequest, claims *tfkit.Claims, id string) {
	var was big.Float
	if rawAttr(req.State.Raw, "sign_id").As(&was) != nil {
		return
	}
	from := was.Text('f', -1)
	e := tfkit.Edit{From: from, Known: true}
	if !req.Plan.Raw.IsNull() {
		now := rawAttr(req.Plan.Raw, "sign_id")
		var n big.Float
		switch {
		case !now.IsKnown():
			e.Known = false
		case now.IsNull() || now.As(&n) != nil || n.Text('f', -1) == from:
			return // it keeps the signature
		default:
			e.To = n.Text('f', -1)
		}
	}
	claims.PlanEdit(tfkit.SMSTemplateSign(id), e)
}
