package resources

import (
	"context"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

// destroyReadKey is the private-state key under which the plan of a
// contactcenter_skill_group_members destroy keeps the agents it read in the
// group; the destroy removes them with those the state lists.
const destroyReadKey = "destroy_read_members"

// readForDestroy reads the group a destroy plan empties and keeps its
// agents for the destroy (destroyReadKey). Terraform 1.11 (1.11.4; 1.15
// refreshes first, hashicorp/terraform#36394) plans the delete of an
// instance no longer in the configuration (a for_each key or a module
// instance removed) from the state it had before this plan's refresh, as
// -refresh=false plans any destroy from the saved state: an agent that
// joined the group since the last apply was in neither, the plan did not
// warn that the destroy removes it, the destroy left it in the group, and
// the group's delete was refused after the rest of the team was deleted.
// One read of the group (queue/get/agents, §4.6) per planned destroy,
// shared with the plan's refresh of it when there is one (reader "destroy
// plan", as an agent's resign reads it) and with warnAddedOutside, which
// names the agents it read; a read that fails leaves the state's agents
// alone. read is false where the group was not read.
//
// Every other plan of an existing instance, and a destroy's whose read
// fails, clears what an earlier one kept: a delete that failed leaves the
// key in the state, through later plans and applies, and a later destroy
// whose plan cannot read the group (planned with -refresh=false) would
// otherwise remove agents read then, which no plan since named.
func (r *skillGroupMembersResource) readForDestroy(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) (agents []client.GroupAgent, read bool) {
	if req.State.Raw.IsNull() {
		return nil, false
	}
	if b, _ := req.Private.GetKey(ctx, destroyReadKey); len(b) > 0 {
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, destroyReadKey, nil)...)
	}
	if !req.Plan.Raw.IsNull() || r.Client == nil {
		return nil, false
	}
	var state skillGroupMembersModel
	if req.State.Get(ctx, &state).HasError() || state.QueID.IsUnknown() || state.QueID.IsNull() {
		return nil, false
	}
	agents, found, err := groupAgents(ctx, r.Client, framework.ID(state.QueID), "destroy plan")
	if err != nil || !found {
		return nil, false
	}
	setApplied(ctx, resp.Private, destroyReadKey, slices.Collect(maps.Keys(agentSkills(agents))), &resp.Diagnostics)
	return agents, true
}
