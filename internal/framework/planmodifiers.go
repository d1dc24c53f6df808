package framework

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
)

// FollowsAttribute keeps a computed string from state while the attribute
// it is derived from (a name that follows an id, such as sound_name from
// wait_audio or dept_name from dept_id) keeps its value, so a plan shows no
// "(known after apply)" for values that follow from configuration. The
// source keeps its value when the configuration leaves it unset (it keeps
// the service's value) or sets it to the value in state; a changed or
// unknown source leaves the value unknown, and a rename made outside
// Terraform is read on refresh.
func FollowsAttribute(from string) planmodifier.String { return follows{from: path.Root(from)} }

type follows struct{ from path.Path }

func (m follows) Description(context.Context) string {
	return "Keeps the value from state while " + m.from.String() + " does not change."
}

func (m follows) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (m follows) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || !req.PlanValue.IsUnknown() || req.Plan.Raw.IsNull() || req.State.Raw.IsNull() {
		return
	}
	// The configuration, not the plan: the source attribute's own plan
	// modifiers (UseStateForUnknown) have not run yet in req.Plan. Unset in
	// configuration, it keeps its state value.
	var configured, current attr.Value
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, m.from, &configured)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, m.from, &current)...)
	if resp.Diagnostics.HasError() || configured == nil || configured.IsUnknown() ||
		(!configured.IsNull() && !configured.Equal(current)) {
		return
	}
	if configured.IsNull() {
		// Unset with a default (a webhook's dept_id = 0), the source takes
		// the default, already in the plan: a name that followed the old
		// value changes with it.
		var planned attr.Value
		resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, m.from, &planned)...)
		if resp.Diagnostics.HasError() || planned == nil || (!planned.IsUnknown() && !planned.Equal(current)) {
			return
		}
	}
	resp.PlanValue = req.StateValue
}
