package resources

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// gatewayForgetWarning tells at plan time what the apply would only say at
// the end: the SMS gateway has no delete interface (§4.8), so destroying a
// gateway signature or template only makes Terraform forget it, and
// replacing one leaves the old one on the gateway. replaceAttrs are the
// attributes whose change replaces the object: the resource's ModifyPlan does
// not see the replacements its attributes' plan modifiers ask for.
func gatewayForgetWarning(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, kind, noun string, replaceAttrs ...string) {
	if req.State.Raw.IsNull() {
		return // a create: nothing is left behind
	}
	var id types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
	switch {
	case req.Plan.Raw.IsNull():
		resp.Diagnostics.AddWarning(kind+" Will Only Be Removed From State", gatewayForgottenDetail(noun, id.ValueString(), ""))
	default:
		var changed []string
		for _, a := range replaceAttrs {
			var before, after attr.Value
			resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(a), &before)...)
			resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root(a), &after)...)
			if before != nil && after != nil && !before.Equal(after) {
				changed = append(changed, a)
			}
		}
		if len(changed) > 0 {
			resp.Diagnostics.AddWarning(kind+" Replacement Leaves the Old One on the Gateway",
				fmt.Sprintf("The gateway cannot change or delete a %s (spec §4.8): this plan creates a new one for the change of %s, "+
					"and %s %s stays on the gateway, forgotten by Terraform.", noun, strings.Join(changed, ", "), noun, id.ValueString()))
		}
	}
}

// gatewayForgottenDetail says that destroying a gateway object only makes
// Terraform forget it, for the plan-time and the apply-time warning alike.
func gatewayForgottenDetail(noun, id, name string) string {
	what := noun + " " + id
	if name != "" {
		what += fmt.Sprintf(" (%q)", name)
	}
	return fmt.Sprintf("The SMS gateway has no interface to delete a %s (spec §4.8). Destroying %s makes Terraform forget it; "+
		"it stays on the gateway. Ask the gateway operator to remove it if it must go.", noun, what)
}
