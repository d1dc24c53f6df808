package resources

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// appliedMembersKey is the private-state key under which a
// contactcenter_skill_group_members instance keeps the agents its last
// create or update wrote. The refresh puts every agent of the group in the
// state, those another configuration added too, so the state alone cannot
// tell an agent the configuration dropped from one added outside it.
const appliedMembersKey = "applied_members"

// setAppliedMembers records the agents a create or update wrote.
func setAppliedMembers(ctx context.Context, next privateWriter, desired map[int64]int64, diags *diag.Diagnostics) {
	ids := make([]int64, 0, len(desired))
	for ag := range desired {
		ids = append(ids, ag)
	}
	slices.Sort(ids)
	b, _ := json.Marshal(ids)
	diags.Append(next.SetKey(ctx, appliedMembersKey, b)...)
}

// appliedMembers reads what setAppliedMembers kept; ok is false when the
// instance has none (a state written by an older provider, or imported
// and not updated since).
func appliedMembers(ctx context.Context, p privateReader) (map[int64]bool, bool) {
	if p == nil {
		return nil, false
	}
	b, _ := p.GetKey(ctx, appliedMembersKey)
	var ids []int64
	if len(b) == 0 || json.Unmarshal(b, &ids) != nil {
		return nil, false
	}
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, true
}

// warnAddedOutside warns at plan of the agents an update or a destroy
// removes from the group that this configuration never put there: they
// joined after its last apply, in the portal, through a ccsync roster or
// through another configuration (its contactcenter_skill_group_member
// resources, an agent's queue_ids). When another configuration manages
// them, the two undo each other's memberships at every apply, and neither
// plan said so: this one showed "- { agent_id = "1004" }" as if the agent
// had been taken out of members, the other "+ create" as if new.
func (r *skillGroupMembersResource) warnAddedOutside(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || r.Client == nil {
		return
	}
	applied, ok := appliedMembers(ctx, req.Private)
	if !ok {
		return
	}
	var state skillGroupMembersModel
	if req.State.Get(ctx, &state).HasError() || state.QueID.IsUnknown() || state.QueID.IsNull() {
		return
	}
	held, d := state.desired(ctx)
	if d.HasError() {
		return
	}
	planned := map[int64]int64{}
	destroy := req.Plan.Raw.IsNull()
	if !destroy {
		var plan skillGroupMembersModel
		if req.Plan.Get(ctx, &plan).HasError() || plan.Members.IsUnknown() || !plan.QueID.Equal(state.QueID) {
			return // unknown members, or a replacement (warned of elsewhere)
		}
		var items []skillGroupMemberItem
		if plan.Members.ElementsAs(ctx, &items, false).HasError() {
			return
		}
		for _, it := range items {
			if it.AgentID.IsUnknown() {
				return // it may be one of them: not guessed
			}
		}
		if planned, d = plan.desired(ctx); d.HasError() {
			return
		}
	}
	var outside []int64
	for ag := range held {
		if _, listed := planned[ag]; !listed && !applied[ag] {
			outside = append(outside, ag)
		}
	}
	if len(outside) == 0 {
		return
	}
	slices.Sort(outside)
	queID := framework.ID(state.QueID)
	// The agents' numbers, which the plan does not show, when the group
	// can be read; the ids alone otherwise.
	nums := map[int64]string{}
	if data, err := r.Client.Queues.GetAgentsFor(ctx, "", queID); err == nil {
		for _, a := range data[strconv.FormatInt(queID, 10)] {
			nums[a.AgID.Int64()] = string(a.AgNum)
		}
	}
	some := tfkit.SomeOf(len(outside), 20, func(i int) string {
		if n := nums[outside[i]]; n != "" {
			return fmt.Sprintf("%s (ag_id %d)", n, outside[i])
		}
		return fmt.Sprintf("ag_id %d", outside[i])
	})
	does := "this update removes them (members does not list them)"
	if destroy {
		does = "this destroy removes them with the agents it lists"
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("members"), "Agents Added Outside This Configuration Will Leave the Skill Group",
		fmt.Sprintf("Skill group %d has %d agent(s) that this configuration did not put there: %s. They joined after its last apply: in the portal, "+
			"through a ccsync roster's queue_ids, or through another configuration (its contactcenter_skill_group_member resources or an agent's queue_ids). "+
			"contactcenter_skill_group_members manages the whole membership, so %s, and they stop taking the group's calls. "+
			"If another configuration adds them, the two undo each other's memberships at every apply: manage the group's membership in one configuration "+
			"(list the agents in members here, or hand the whole membership to the other configuration: a removed block with lifecycle { destroy = false } here, "+
			"an import there).", queID, len(outside), some, does))
}
