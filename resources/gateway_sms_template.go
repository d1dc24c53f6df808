package resources

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure   = (*gatewaySMSTemplateResource)(nil)
	_ resource.ResourceWithImportState = (*gatewaySMSTemplateResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*gatewaySMSTemplateResource)(nil)
)

// NewGatewaySMSTemplateResource returns the contactcenter_gateway_sms_template resource.
func NewGatewaySMSTemplateResource() resource.Resource { return &gatewaySMSTemplateResource{} }

type gatewaySMSTemplateResource struct {
	client *client.Client
}

func (r *gatewaySMSTemplateResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_gateway_sms_template"
}

func (r *gatewaySMSTemplateResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "An SMS template on the signature-authenticated SMS gateway (add_template, get_template; spec §4.8, §2.13). " +
			"A new template is pending (`state = 0`) until the gateway's review approves it (set `wait_for_approval` to have the apply wait for that); only approved templates can send " +
			"(code 1016 otherwise). The gateway has no update or delete interface: changing any argument replaces the template, and " +
			"destroying it only removes it from Terraform state (the gateway keeps it). Needs `sms_app_id` and `sms_app_key`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true, MarkdownDescription: "The template id (`tplId`), used by `contactcenter_gateway_sms_send`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"tpl_text": replaceString(schema.StringAttribute{
				Required: true,
				MarkdownDescription: "Template text (`tplText`). Variables are written `${name}` and filled by `sms_params` when sending. " +
					"At most 400 characters, the gateway's content limit (§8). Changing it replaces the template.",
				Validators: []validator.String{stringvalidator.UTF8LengthBetween(1, client.GatewayMaxContent), templateTextValidator{}},
			}),
			"tpl_type": schema.Int64Attribute{
				Required:            true,
				MarkdownDescription: "Template type (`tplType`): `1` verification code, `2` notice, `3` marketing. Changing it replaces the template.",
				Validators:          []validator.Int64{int64validator.OneOf(1, 2, 3)},
				PlanModifiers:       []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"tpl_title": replaceString(schema.StringAttribute{
				Required: true, MarkdownDescription: "Template title (`tplTitle`). Changing it replaces the template.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			}),
			"remark": replaceString(schema.StringAttribute{
				Optional: true, MarkdownDescription: "Note for the reviewer (`remark`). Changing it replaces the template.",
			}),
			"sign_text": replaceString(schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Signature text the template is bound to (`signText`), without brackets; it must be the text of an existing " +
					"gateway signature (code 1018 otherwise). Changing it replaces the template.",
				Validators: []validator.String{
					stringvalidator.LengthAtLeast(1),
					stringvalidator.RegexMatches(gatewaySignTextRE, "must be given without brackets ([ ] or 【 】)"),
				},
			}),
			"variables": schema.ListAttribute{
				Computed: true, ElementType: types.StringType,
				MarkdownDescription: "The distinct `${name}` variables of `tpl_text`, in order of first use: the positions of `sms_params` given as a list.",
				PlanModifiers:       []planmodifier.List{listplanmodifier.UseStateForUnknown()},
			},
			"state": schema.Int64Attribute{
				Computed: true, MarkdownDescription: "Review state (`state`): `0` pending, `1` approved, `2` rejected. Refreshed on every read.",
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"reason": schema.StringAttribute{
				Computed: true, MarkdownDescription: "Why the review rejected the template (`reason`); empty otherwise.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"wait_for_approval": waitForApprovalAttribute("template"),
			"timeouts":          createTimeoutAttribute(ctx),
		},
	}
}

func (r *gatewaySMSTemplateResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *gatewaySMSTemplateResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan gatewaySMSTemplateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout, d := plan.Timeouts.Create(ctx, reviewTimeout)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, err := r.client.Gateway.AddTemplate(ctx, client.GatewayTemplateInput{
		TplText: plan.TplText.ValueString(), TplType: plan.TplType.ValueInt64(), TplTitle: plan.TplTitle.ValueString(),
		Remark: plan.Remark.ValueString(), SignText: plan.SignText.ValueString(),
	})
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Create Gateway SMS Template", err)
		return
	}
	plan.ID = types.StringValue(strconv.FormatInt(id, 10))
	r.settle(ctx, &plan, id, timeout, &resp.Diagnostics)
	// The template exists whatever happened after add_template: keep it in
	// state so it is not created twice (tainted when settle failed).
	if plan.State.IsUnknown() {
		plan.State = types.Int64Value(client.GatewayStatePending)
	}
	if plan.Reason.IsUnknown() {
		plan.Reason = types.StringValue("")
	}
	if plan.Variables.IsUnknown() {
		plan.Variables = variablesValue(plan.TplText.ValueString())
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// settle reads the new template back and, with wait_for_approval, waits
// until the review approves or rejects it (a rejection or a timeout is an
// error).
func (r *gatewaySMSTemplateResource) settle(ctx context.Context, m *gatewaySMSTemplateModel, id int64, timeout time.Duration, diags *diag.Diagnostics) {
	read := func(ctx context.Context) (int64, string, error) {
		t, err := r.client.Gateway.GetTemplate(ctx, id)
		if err != nil {
			return 0, "", err
		}
		m.flatten(t)
		return int64(t.State), string(t.Reason), nil
	}
	if !m.WaitForApproval.ValueBool() {
		if _, _, err := read(ctx); err != nil {
			tfkit.AddAPIError(diags, "Unable to Read Gateway SMS Template After Create", err)
		}
		return
	}
	waitForReview(ctx, diags, reviewWait{
		kind: "Gateway SMS Template", what: fmt.Sprintf("gateway template %d (%s)", id, m.TplTitle.ValueString()), timeout: timeout,
		inReview: func(s int64) bool { return s == client.GatewayStatePending }, rejected: client.GatewayStateRejected,
		read: read, errorDetail: tfkit.APIErrorDetail,
	})
}

func (r *gatewaySMSTemplateResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state gatewaySMSTemplateModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	t, err := r.client.Gateway.GetTemplate(ctx, id)
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Gateway SMS Template", err)
		return
	}
	state.flatten(t)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update only carries computed values over: every argument requires
// replacement, and wait_for_approval and timeouts only matter on create.
func (r *gatewaySMSTemplateResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan gatewaySMSTemplateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *gatewaySMSTemplateResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state gatewaySMSTemplateModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.AddWarning("Gateway SMS Template Only Removed From State",
		gatewayForgottenDetail("template", state.ID.ValueString(), state.TplTitle.ValueString()))
}

// ModifyPlan warns that a destroy or a replacement leaves the template on
// the gateway (it has no delete interface).
func (r *gatewaySMSTemplateResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	gatewayForgetWarning(ctx, req, resp, "Gateway SMS Template", "template", "tpl_text", "tpl_type", "tpl_title", "remark", "sign_text")
}

func (r *gatewaySMSTemplateResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if _, err := strconv.ParseInt(req.ID, 10, 64); err != nil {
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("A gateway SMS template is imported by its numeric id (tplId), got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("wait_for_approval"), false)...)
}

func (m *gatewaySMSTemplateModel) flatten(t *client.GatewayTemplate) {
	m.ID = types.StringValue(strconv.FormatInt(t.Identifier(), 10))
	m.TplText = types.StringValue(string(t.TplText))
	m.TplType = types.Int64Value(int64(t.TplType))
	m.TplTitle = types.StringValue(string(t.TplTitle))
	m.Remark = tfkit.StringOrNull(string(t.Remark))
	m.SignText = tfkit.StringOrNull(string(t.SignText))
	m.State = types.Int64Value(int64(t.State))
	m.Reason = types.StringValue(string(t.Reason))
	m.Variables = variablesValue(string(t.TplText))
	if m.WaitForApproval.IsNull() || m.WaitForApproval.IsUnknown() {
		m.WaitForApproval = types.BoolValue(false)
	}
}

func variablesValue(text string) types.List {
	vars, _ := client.TemplateVariables(text)
	elems := make([]attr.Value, 0, len(vars))
	for _, v := range vars {
		elems = append(elems, types.StringValue(v))
	}
	l, _ := types.ListValue(types.StringType, elems)
	return l
}

// templateTextValidator checks `${name}` variables are well formed, which
// the gateway answers with 1015 otherwise.
type templateTextValidator struct{}

func (templateTextValidator) Description(context.Context) string {
	return "variables must be written ${name}"
}

func (v templateTextValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (templateTextValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := client.TemplateVariables(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Template Text",
			fmt.Sprintf("%s: variables must be written ${name} (the gateway answers code 1015 otherwise).", err))
	}
}

type gatewaySMSTemplateModel struct {
	ID              types.String   `tfsdk:"id"`
	TplText         types.String   `tfsdk:"tpl_text"`
	TplType         types.Int64    `tfsdk:"tpl_type"`
	TplTitle        types.String   `tfsdk:"tpl_title"`
	Remark          types.String   `tfsdk:"remark"`
	SignText        types.String   `tfsdk:"sign_text"`
	Variables       types.List     `tfsdk:"variables"`
	State           types.Int64    `tfsdk:"state"`
	Reason          types.String   `tfsdk:"reason"`
	WaitForApproval types.Bool     `tfsdk:"wait_for_approval"`
	Timeouts        timeouts.Value `tfsdk:"timeouts"`
}
