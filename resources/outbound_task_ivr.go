package resources

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

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
// the code to write. Any other text no IVR has as its code warns, naming
// the codes the IVRs have: a warning, as an IVR is made in the portal and
// may be made before the task dials. A plan that does not change trans_to
// reads nothing; a failed read says nothing (the codes are not known).
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
	resp.Diagnostics.AddAttributeWarning(path.Root("trans_to"), "No IVR Has This Code", unknownIVRCode(v, ivrs))
}

// unknownIVRCode says that no IVR has code v, naming the codes the IVRs
// have (at most maxCodesNamed of them).
func unknownIVRCode(v string, ivrs []client.IVR) string {
	const maxCodesNamed = 20
	var codes []string
	for _, i := range ivrs {
		if c := fmt.Sprintf("%q", string(i.IvrCode)); !slices.Contains(codes, c) {
			codes = append(codes, c)
		}
	}
	have := "the platform lists no IVR (other/ivrs)"
	switch n := len(codes); {
	case n > maxCodesNamed:
		have = fmt.Sprintf("the IVRs the platform lists (other/ivrs) have the codes %s and %d more", strings.Join(codes[:maxCodesNamed], ", "), n-maxCodesNamed)
	case n > 0:
		have = "the IVRs the platform lists (other/ivrs) have the codes " + strings.Join(codes, ", ")
	}
	return fmt.Sprintf("trans_to %q is no IVR's code: an automatic task (type = 3) hands each answered call to the IVR whose code (ivr_code) is trans_to, "+
		"and %s, so unless an IVR of that code is made in the portal before the task dials, its answered calls reach no menu (the platform saves any text). "+
		"Write one of those codes, or read it by the IVR's name: data \"contactcenter_ivrs\" with ivr_name set, then one(data.contactcenter_ivrs.x.ivrs).ivr_code.", v, have)
}
