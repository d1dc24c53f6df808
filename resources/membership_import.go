package resources

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
)

// warnImportRemoves warns at the plan of an import (the first read of the
// membership was this command's: framework.Steps.ImportedHere) of the
// agents the group has that members does not list, which the import's
// apply removes from the group. A configuration written from what the
// group held (terraform query -generate-config-out, ccsync export
// terraform, or by hand) misses an agent added in the portal since: the
// plan showed its "- { agent_id = ... }" as an ordinary update, and the
// apply took the agent out of the group without a word, where an agent
// added outside a configuration that already manages the group is warned
// of (warnAddedOutside, which an import cannot tell: the agents its read
// found are recorded as this configuration's, adoptImportedMembers). A
// state a provider upgrade read first is no import (markFirstRead).
func (r *skillGroupMembersResource) warnImportRemoves(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() || !r.Steps.ImportedHere(ctx, req.Private) {
		return
	}
	var state, plan skillGroupMembersModel
	if req.State.Get(ctx, &state).HasError() || req.Plan.Get(ctx, &plan).HasError() ||
		plan.QueID.IsUnknown() || !plan.QueID.Equal(state.QueID) || plan.Members.IsUnknown() {
		// A que_id known only at apply, or another group's (a
		// replacement), or members unknown as a whole: the other
		// warnings of the plan say what they can.
		return
	}
	held, d := state.desired(ctx)
	if d.HasError() {
		return
	}
	planned, unknown, d := plan.plannedMembers(ctx)
	if d.HasError() {
		return
	}
	var leave []int64
	for ag := range held {
		if _, listed := planned[ag]; !listed {
			leave = append(leave, ag)
		}
	}
	if len(leave) == 0 {
		return
	}
	slices.Sort(leave)
	queID := framework.ID(state.QueID)
	nums := agentNums(planAgentsQuiet(ctx, r.Client, queID))
	some := textcheck.SomeOf(len(leave), 20, func(i int) string {
		ag := leave[i]
		if nums[ag] == "" {
			return fmt.Sprintf("ag_id %d (skill %d)", ag, held[ag])
		}
		return fmt.Sprintf("%s (ag_id %d, skill %d)", nums[ag], ag, held[ag])
	})
	resp.Diagnostics.AddAttributeWarning(path.Root("members"), "Imported Skill Group Has Agents Members Does Not List",
		fmt.Sprintf("This plan imports the membership of skill group %d, which has %d agent(s) that members does not list: %s. "+
			"contactcenter_skill_group_members manages the whole membership, so the apply of this import removes them from the group%s, "+
			"and they stop taking its calls; the plan shows each as a member removed (- { agent_id = ... }). "+
			"An agent added in the portal or by another configuration after this configuration was written (by terraform query -generate-config-out, "+
			"ccsync export terraform or by hand) is one of them. To keep them in the group, add them to members with the skill shown; "+
			"to take them out of it, apply as planned.", queID, len(leave), some, unknownStays(unknown)))
}
