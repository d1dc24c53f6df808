package resources

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure        = (*smsTemplateResource)(nil)
	_ resource.ResourceWithImportState      = (*smsTemplateResource)(nil)
	_ resource.ResourceWithModifyPlan       = (*smsTemplateResource)(nil)
	_ resource.ResourceWithConfigValidators = (*smsTemplateResource)(nil)
)

// templateVarsRE matches text whose every `${` opens a well-formed
// variable `${name}` (§2.4: variables are written `${name}`).
var templateVarsRE = regexp.MustCompile(`^([^$]|\$[^{]|\$$|\$\{[^{}\s]+\})*$`)

// NewSMSTemplateResource returns the contactcenter_sms_template resource.
func NewSMSTemplateResource() resource.Resource { return &smsTemplateResource{} }

type smsTemplateResource struct {
	client *client.Client
}

func (r *smsTemplateResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_sms_template"
}

func (r *smsTemplateResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	computed := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "An SMS template (spec §4.1 template/store and template/update, §2.4). Templates are reviewed " +
			"(§3.2: `-1` draft, `0` pending review, `1` approved, `2` rejected); only approved templates can send " +
			"(`contactcenter_sms_send`). Every change is made in place and sends the template back to review, so the plan " +
			"shows `state` as known after apply.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true, MarkdownDescription: "The template id (`id`), used as `template_id` when sending.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"template_name": schema.StringAttribute{
				Required: true, MarkdownDescription: "The template name (`template_name`, answered as `tpl_title`); unique within the enterprise.",
				Validators: []validator.String{
					stringvalidator.LengthAtLeast(1),
					stringvalidator.RegexMatches(noOuterSpaceRE, "must not start or end with white space (the service trims it)"),
				},
			},
			"template_contents": schema.StringAttribute{
				Required: true,
				MarkdownDescription: "The template body (`template_contents`, answered as `tpl_text`). Variables are written `${name}` " +
					"(use `$${name}` in HCL to write a literal `${`); their names become `tpl_param`.",
				Validators: []validator.String{
					stringvalidator.LengthAtLeast(1),
					stringvalidator.RegexMatches(templateVarsRE, "must write every variable as ${name}: each \"${\" needs a name without spaces and a closing \"}\""),
				},
			},
			"sign_id": schema.Int64Attribute{
				Required: true,
				MarkdownDescription: "The signature the template is sent with (`sign_id`): the `id` of a `contactcenter_sms_signature` " +
					"(not its platform `sign_id`). Answered as `new_sign_id`.",
				Validators: []validator.Int64{int64validator.AtLeast(1)},
			},
			"dept_id": schema.Int64Attribute{
				Optional: true, Computed: true,
				MarkdownDescription: "The owning department (`dept_id`). When unset the service chooses (the root department, `0`, in the simulator).",
				Validators:          []validator.Int64{int64validator.AtLeast(0)},
				PlanModifiers:       []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"submit_for_review": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(true),
				MarkdownDescription: "Submit the template for review (`action = 2`) on create and on every change. `false` saves it as a draft " +
					"(`action = 1`, `state` `-1`), which cannot send. Defaults to `true`.",
			},
			"wait_for_approval": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				MarkdownDescription: "After create and update, wait until the review is done (within the `create` or `update` timeout, default 30 minutes). " +
					"A rejection fails the apply with the reviewer's reason. Requires `submit_for_review = true`. Defaults to `false`.",
			},
			"tpl_id": schema.Int64Attribute{
				Computed: true, MarkdownDescription: "The template id on the SMS platform (`tpl_id`); send records (§2.5) and `contactcenter_sms_records` filter by it.",
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"state": schema.Int64Attribute{
				Computed: true, MarkdownDescription: "Review state (`state`): `-1` draft, `0` pending review, `1` approved, `2` rejected. Every change returns the template to `0` (or `-1` as a draft).",
			},
			"state_name": computed("Review state as text (`state_name`)."),
			"reason":     computed("Why the review rejected the template (`reason`); empty unless `state` is `2`."),
			"tpl_param": schema.ListAttribute{
				Computed: true, ElementType: types.StringType,
				MarkdownDescription: "Names of the template's variables (`tpl_param`), in order of appearance. A batch send gives each number its values in this order.",
			},
			"tpl_type": schema.Int64Attribute{
				Computed: true, MarkdownDescription: "Template type (`tpl_type`): `1` verification code, `2` notice, `3` marketing. Decided by the platform.",
			},
			"tpl_type_name": computed("Template type as text (`tpl_type_name`)."),
			"sign_text":     computed("Text of the template's signature (`sign_text`)."),
			"dept_name":     computed("Name of the owning department (`dept_name`)."),
			"add_time": schema.StringAttribute{
				Computed: true, MarkdownDescription: "When the template was created (`add_time`).",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"update_time": computed("When the template was last changed (`update_time`)."),
			"timeouts": timeouts.Attributes(ctx, timeouts.Opts{
				Create: true, Update: true,
				CreateDescription: "How long `wait_for_approval` waits for the review after creating. Defaults to `30m`.",
				UpdateDescription: "How long `wait_for_approval` waits for the review after a change. Defaults to `30m`.",
			}),
		},
	}
}

func (r *smsTemplateResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *smsTemplateResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan smsTemplateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout, d := plan.Timeouts.Create(ctx, reviewTimeout)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	t, err := r.client.SMS.CreateTemplate(ctx, plan.expand())
	if err != nil {
		r.addWriteError(&resp.Diagnostics, "Unable to Create SMS Template", err)
		return
	}
	plan.ID = types.StringValue(strconv.FormatInt(int64(t.ID), 10))
	r.settle(ctx, &plan, timeout, &resp.Diagnostics, "Create")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *smsTemplateResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state smsTemplateModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	t, err := r.client.SMS.GetTemplate(ctx, id)
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read SMS Template", err)
		return
	}
	resp.Diagnostics.Append(state.flatten(ctx, t)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *smsTemplateResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, prior smsTemplateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout, d := plan.Timeouts.Update(ctx, reviewTimeout)
	resp.Diagnostics.Append(d...)
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), plan.ID.ValueString())
	if !ok || resp.Diagnostics.HasError() {
		return
	}
	if plan.apiChanged(prior) {
		if _, err := r.client.SMS.UpdateTemplate(ctx, id, plan.expand()); err != nil {
			r.addWriteError(&resp.Diagnostics, "Unable to Update SMS Template", err)
			return
		}
	}
	r.settle(ctx, &plan, timeout, &resp.Diagnostics, "Update")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *smsTemplateResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state smsTemplateModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	if err := r.client.SMS.DeleteTemplate(ctx, id); err != nil && !client.IsNotFound(err) {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Delete SMS Template", err)
	}
}

func (r *smsTemplateResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if _, err := strconv.ParseInt(req.ID, 10, 64); err != nil {
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("An SMS template is imported by its numeric id (`id` of sms/template/list), got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("wait_for_approval"), false)...)
}

// ModifyPlan makes the review visible: a change of an API field sends the
// template back to review, so state, state_name and reason are unknown
// (and tpl_param, tpl_type with the contents, sign_text with the signature).
// Without such a change the computed values stay as they are, unless
// wait_for_approval is switched on while the review is pending.
func (r *smsTemplateResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var plan, prior smsTemplateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if plan.apiChanged(prior) {
		unknownStr := types.StringUnknown()
		plan.State, plan.StateName, plan.Reason, plan.UpdateTime = types.Int64Unknown(), unknownStr, unknownStr, unknownStr
		plan.TplParam, plan.TplType, plan.TplTypeName = prior.TplParam, prior.TplType, prior.TplTypeName
		if !plan.TemplateContents.Equal(prior.TemplateContents) {
			plan.TplParam, plan.TplType, plan.TplTypeName = types.ListUnknown(types.StringType), types.Int64Unknown(), unknownStr
		}
		plan.SignText = prior.SignText
		if !plan.SignID.Equal(prior.SignID) {
			plan.SignText = unknownStr
		}
		plan.DeptName = prior.DeptName
		if !plan.DeptID.Equal(prior.DeptID) {
			plan.DeptName = unknownStr
		}
	} else {
		waiting := plan.WaitForApproval.ValueBool() && prior.State.ValueInt64() == client.TemplatePending
		plan.TplParam, plan.TplType, plan.TplTypeName = prior.TplParam, prior.TplType, prior.TplTypeName
		plan.SignText, plan.DeptName, plan.UpdateTime = prior.SignText, prior.DeptName, prior.UpdateTime
		plan.State, plan.StateName, plan.Reason = prior.State, prior.StateName, prior.Reason
		if waiting {
			plan.State, plan.StateName, plan.Reason = types.Int64Unknown(), types.StringUnknown(), types.StringUnknown()
		}
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, &plan)...)
}

// ConfigValidators: a draft is never reviewed, so waiting for its approval
// would only time out.
func (r *smsTemplateResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return []resource.ConfigValidator{draftNoWaitValidator{}}
}

type draftNoWaitValidator struct{}

func (draftNoWaitValidator) Description(context.Context) string {
	return "wait_for_approval = true requires submit_for_review = true"
}

func (v draftNoWaitValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (draftNoWaitValidator) ValidateResource(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var wait, submit types.Bool
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("wait_for_approval"), &wait)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("submit_for_review"), &submit)...)
	if wait.ValueBool() && !submit.IsNull() && !submit.IsUnknown() && !submit.ValueBool() {
		resp.Diagnostics.AddAttributeError(path.Root("wait_for_approval"), "Invalid Attribute Combination",
			"wait_for_approval = true requires submit_for_review = true: a draft (submit_for_review = false, action 1) is never reviewed, so waiting for its approval could only time out.")
	}
}

// settle reads the template back and, when asked, waits for its review.
func (r *smsTemplateResource) settle(ctx context.Context, m *smsTemplateModel, timeout time.Duration, diags *diag.Diagnostics, op string) {
	id, _ := strconv.ParseInt(m.ID.ValueString(), 10, 64)
	read := func(ctx context.Context) (int64, string, error) {
		t, err := r.client.SMS.GetTemplate(ctx, id)
		if err != nil {
			return 0, "", err
		}
		diags.Append(m.flatten(ctx, t)...)
		return int64(t.State), string(t.Reason), nil
	}
	if !m.WaitForApproval.ValueBool() || !m.SubmitForReview.ValueBool() {
		if _, _, err := read(ctx); err != nil {
			tfkit.AddAPIError(diags, "Unable to Read SMS Template After "+op, err)
		}
		return
	}
	waitForReview(ctx, diags, reviewWait{
		kind: "SMS Template", what: fmt.Sprintf("template %d (%s)", id, m.TemplateName.ValueString()), timeout: timeout,
		inReview: func(s int64) bool { return s == client.TemplatePending }, rejected: client.TemplateRejected, read: read,
	})
}

// addWriteError explains the codes of store/update a person can act on.
func (r *smsTemplateResource) addWriteError(diags *diag.Diagnostics, summary string, err error) {
	detail := tfkit.APIErrorDetail(err)
	switch {
	case client.HasCode(err, client.SMSCodeNotFound):
		detail += "\n\nCheck sign_id: it must be the id of an existing contactcenter_sms_signature."
	case client.HasCode(err, client.SMSCodeConflict):
		detail += "\n\nAnother template already has this template_name; names are unique within the enterprise."
	case client.HasCode(err, client.SMSCodeState):
		detail += "\n\nThe signature was rejected; use an approved signature."
	}
	diags.AddError(summary, detail)
}

func (m smsTemplateModel) apiChanged(prior smsTemplateModel) bool {
	return !m.TemplateName.Equal(prior.TemplateName) || !m.TemplateContents.Equal(prior.TemplateContents) ||
		!m.SignID.Equal(prior.SignID) || !m.SubmitForReview.Equal(prior.SubmitForReview) ||
		(!m.DeptID.IsUnknown() && !m.DeptID.Equal(prior.DeptID))
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

func (m *smsTemplateModel) flatten(ctx context.Context, t *client.SMSTemplate) diag.Diagnostics {
	m.ID = types.StringValue(strconv.FormatInt(int64(t.ID), 10))
	m.TemplateName = types.StringValue(string(t.TplTitle))
	m.TemplateContents = types.StringValue(string(t.TplText))
	m.SignID = types.Int64Value(int64(t.NewSignID))
	m.DeptID = types.Int64Value(int64(t.DeptID))
	m.TplID = types.Int64Value(int64(t.TplID))
	m.State = types.Int64Value(int64(t.State))
	m.StateName = types.StringValue(string(t.StateName))
	m.Reason = types.StringValue(string(t.Reason))
	m.TplType = types.Int64Value(int64(t.TplType))
	m.TplTypeName = types.StringValue(string(t.TplTypeName))
	m.SignText = types.StringValue(string(t.SignText))
	m.DeptName = types.StringValue(string(t.DeptName))
	m.AddTime = types.StringValue(string(t.AddTime))
	m.UpdateTime = types.StringValue(string(t.UpdateTime))
	params := t.TplParam
	if params == nil {
		params = []string{}
	}
	var d diag.Diagnostics
	m.TplParam, d = types.ListValueFrom(ctx, types.StringType, params)
	if m.SubmitForReview.IsNull() || m.SubmitForReview.IsUnknown() {
		// Import: a draft was saved with action 1.
		m.SubmitForReview = types.BoolValue(int64(t.State) != client.TemplateDraft)
	}
	if m.WaitForApproval.IsNull() || m.WaitForApproval.IsUnknown() {
		m.WaitForApproval = types.BoolValue(false)
	}
	return d
}

type smsTemplateModel struct {
	ID               types.String   `tfsdk:"id"`
	TemplateName     types.String   `tfsdk:"template_name"`
	TemplateContents types.String   `tfsdk:"template_contents"`
	SignID           types.Int64    `tfsdk:"sign_id"`
	DeptID           types.Int64    `tfsdk:"dept_id"`
	SubmitForReview  types.Bool     `tfsdk:"submit_for_review"`
	WaitForApproval  types.Bool     `tfsdk:"wait_for_approval"`
	TplID            types.Int64    `tfsdk:"tpl_id"`
	State            types.Int64    `tfsdk:"state"`
	StateName        types.String   `tfsdk:"state_name"`
	Reason           types.String   `tfsdk:"reason"`
	TplParam         types.List     `tfsdk:"tpl_param"`
	TplType          types.Int64    `tfsdk:"tpl_type"`
	TplTypeName      types.String   `tfsdk:"tpl_type_name"`
	SignText         types.String   `tfsdk:"sign_text"`
	DeptName         types.String   `tfsdk:"dept_name"`
	AddTime          types.String   `tfsdk:"add_time"`
	UpdateTime       types.String   `tfsdk:"update_time"`
	Timeouts         timeouts.Value `tfsdk:"timeouts"`
}
