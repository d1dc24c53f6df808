package actions

import (
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/action"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// shownAtValidation, deferred by a send action's ValidateConfig, shows at
// its recipient a diagnostic at a nested path that Terraform before 1.15
// shows at another attribute's line (framework.ShownLines). The Terraform
// version is not known at validation: only a path whose last name is a
// top-level attribute's is moved.
func shownAtValidation(req action.ValidateConfigRequest, resp *action.ValidateConfigResponse) {
	resp.Diagnostics = framework.ShownLines(resp.Diagnostics, false, slices.Collect(maps.Keys(req.Config.Schema.GetAttributes())))
}

// shownAtPlan, deferred by a send action's ModifyPlan: `terraform apply
// -invoke` shows the plan's diagnostics at their attribute's line, before
// 1.15 (nested false) a nested one at its recipient.
func shownAtPlan(nested bool, resp *action.ModifyPlanResponse) {
	resp.Diagnostics = framework.ShownLines(resp.Diagnostics, nested, nil)
}
