package resources

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// checkIVRTransTo: an automatic task (type = 3) hands each answered call
// to the IVR whose code (ivrCode) is trans_to (context mc_transivr, §2.7).
// The platform saves any text there, so an IVR's id or name, the values a
// configuration reaches for first (contactcenter_ivrs lists its ids as
// ids, and looks an IVR up by name), made a task whose answered calls
// reach no menu, without a word at plan or apply. When trans_to of an
// automatic task is planned to change (a create, a new value, a new type),
// the plan reads the IVRs (other/ivrs, once for all the tasks of the
// command) and refuses an id or a name that no IVR has as its code, naming
// the code to write. A plan that does not change trans_to reads nothing; a
// code no IVR has, and a failed read, are left to the platform.
func (r *outboundTaskResource) checkIVRTransTo(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.Client == nil || req.Plan.Raw.IsNull() || resp.Diagnostics.HasError() {
		return
	}
	var typ types.Int64
	var to types.String
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("type"), &typ)...)
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("trans_to"), &to)...)
	if resp.Diagnostics.HasError() || typ.ValueInt64() != client.TaskTypeAutomatic || to.IsNull() || to.IsUnknown() || to.ValueString() == "" {
		return
	}
	if !req.State.Raw.IsNull() {
		var wasType types.Int64
		var was types.String
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("type"), &wasType)...)
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("trans_to"), &was)...)
		if resp.Diagnostics.HasError() || (wasType.Equal(typ) && was.Equal(to)) {
			return
		}
	}
	ivrs, err := r.Client.Reference.IVRsOnce(ctx)
	if err != nil {
		tflog.Debug(ctx, "trans_to not checked: the IVRs could not be read", map[string]any{"error": err.Error()})
		return
	}
	v := to.ValueString()
	for _, i := range ivrs {
		if string(i.IvrCode) == v {
			return
		}
	}
	for _, i := range ivrs {
		var what string
		switch v {
		case strconv.FormatInt(int64(i.IvrID), 10):
			what = "the id (ivr_id)"
		case string(i.IvrName):
			what = "the name (ivr_name)"
		default:
			continue
		}
		resp.Diagnostics.AddAttributeError(path.Root("trans_to"), "Invalid Transfer Target",
			fmt.Sprintf("trans_to %q is %s of IVR %q, not its code: an automatic task (type = 3) hands each answered call to the IVR whose code (ivr_code) is trans_to, "+
				"and no IVR has the code %[1]q, so the task's answered calls would reach no menu. Write trans_to = %[4]q, the IVR's ivr_code "+
				"(from contactcenter_ivrs: one(data.contactcenter_ivrs.x.ivrs).ivr_code, not its ids).",
				v, what, string(i.IvrName), string(i.IvrCode)))
		return
	}
}
