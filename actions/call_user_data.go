package actions

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ action.ActionWithConfigure      = (*callUserDataAction)(nil)
	_ action.ActionWithValidateConfig = (*callUserDataAction)(nil)
)

// NewCallUserDataAction returns the contactcenter_call_user_data action.
func NewCallUserDataAction() action.Action {
	return &callUserDataAction{Action: framework.NewAction("call_user_data")}
}

type callUserDataAction struct {
	framework.Action
}

func (a *callUserDataAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Stores business data on a call: whether the call " +
			"was a business success and free key/value data, which then shows in the call record's `user_data`. " +
			"The platform accepts a `call_id` it has no call for, so a mistyped id reports success: check it with `contactcenter_trunk_call_records` (`call_id`)." + triggerDoc + "\n\nAPI: call/updateUserData.",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"call_id": schema.StringAttribute{
				Required: true, MarkdownDescription: "The call (`call_id`).",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"business_status": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Business result (`business_status`): `\"0\"` not successful, `\"1\"` successful. " +
					"A `business_status` key inside `user_data` prevails over this attribute on the platform; the provider refuses the two when they disagree.",
				Validators: []validator.String{stringvalidator.OneOf("0", "1")},
			},
			"user_data": schema.MapAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Business data (`user_data`, sent as JSON text), stored with the call. Whether it replaces or adds to data the call already holds is the platform's choice: to keep earlier keys, send them again with the new ones.",
				Validators:          []validator.Map{mapvalidator.SizeAtLeast(1)},
			},
		}),
	}
}

// ValidateConfig requires something to store, and refuses a
// business_status inside user_data that contradicts the attribute (the
// service would silently take the one in user_data).
func (a *callUserDataAction) ValidateConfig(ctx context.Context, req action.ValidateConfigRequest, resp *action.ValidateConfigResponse) {
	var m callUserDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if m.BusinessStatus.IsNull() && m.UserData.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("business_status"), "Nothing to Store",
			"Set business_status, user_data, or both.")
		return
	}
	if m.UserData.IsUnknown() || m.BusinessStatus.IsUnknown() || m.UserData.IsNull() {
		return
	}
	data := map[string]types.String{}
	resp.Diagnostics.Append(m.UserData.ElementsAs(ctx, &data, false)...)
	inner, ok := data["business_status"]
	if !ok || inner.IsUnknown() {
		return
	}
	if v := inner.ValueString(); v != "0" && v != "1" {
		resp.Diagnostics.AddAttributeError(path.Root("user_data").AtMapKey("business_status"), "Invalid Business Status",
			"user_data.business_status must be \"0\" or \"1\", got \""+v+"\".")
		return
	}
	if !m.BusinessStatus.IsNull() && inner.ValueString() != m.BusinessStatus.ValueString() {
		resp.Diagnostics.AddAttributeError(path.Root("user_data").AtMapKey("business_status"), "Conflicting Business Status",
			"user_data.business_status (\""+inner.ValueString()+"\") differs from business_status (\""+m.BusinessStatus.ValueString()+
				"\"); the service would keep the one in user_data. Set only one of them.")
	}
}

// ModifyPlan runs the checks on the values known at plan (framework.PlanChecks).
func (a *callUserDataAction) ModifyPlan(ctx context.Context, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	framework.PlanChecks(ctx, a, req, resp)
}

func (a *callUserDataAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	framework.Invoke(ctx, a, &a.Action, req, resp, a.run)
}

func (a *callUserDataAction) run(ctx context.Context, m *callUserDataModel, progress framework.Progress, diags *diag.Diagnostics) {
	var data map[string]string
	if !m.UserData.IsNull() {
		diags.Append(m.UserData.ElementsAs(ctx, &data, false)...)
		if diags.HasError() {
			return
		}
	}
	msg, err := a.Client.Reference.UpdateUserData(ctx, m.CallID.ValueString(), m.BusinessStatus.ValueString(), data)
	if err != nil {
		detail := tfkit.APIErrorDetail(err)
		if client.IsAmbiguous(err) {
			// updateUserData stores the data it is given (spec §4.7 does not
			// say whether it merges or replaces): either way, sent twice, the
			// call holds the same data.
			detail += "\n\nThe answer was lost or the service failed after the request arrived: the data may have been stored already " +
				"(the call record's user_data shows it). Storing the same data again is idempotent, so running the action again is safe."
		}
		diags.AddError("Unable to Update Call User Data", detail+" "+rerunHint(a.Name))
		return
	}
	progress("Call %s: %s", m.CallID.ValueString(), msg)
}

type callUserDataModel struct {
	CallID         types.String `tfsdk:"call_id"`
	BusinessStatus types.String `tfsdk:"business_status"`
	UserData       types.Map    `tfsdk:"user_data"`
}
