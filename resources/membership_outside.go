package resources

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// appliedMembersKey is the private-state key under which a
// contactcenter_skill_group_members instance keeps the agents its last
// create or update wrote. The refresh puts every agent of the group in the
// state, those another configuration added too, so the state alone cannot
// tell an agent the configuration dropped from one added outside it.
const appliedMembersKey = "applied_members"

// appliedQueueIDsKey is the private-state key under which a
// contactcenter_agent instance keeps the groups its last create or update
// wrote in queue_ids, for the same reason: the refresh puts every group the
// agent is in in queue_ids.
const appliedQueueIDsKey = "applied_queue_ids"

// importedMembersKey marks, in the private state an import returns, a
// membership whose agents the read that follows the import records as
// written (adoptImportedMembers).
const importedMembersKey = "imported_members"

// adoptImportedMembers records, in the read that follows an import, the
// agents that read found as the ones this configuration put in the group
// (what an import adopts: ccsync export terraform lists them in members).
// Without it an imported membership recorded nothing until its next
// update, and an agent added in the portal after the import was taken out
// of the group by the next apply with no warning, in every group of an
// adopted contact center not updated since (warnAddedOutside). A read
// with no marker (a refresh; a state of an older provider) leaves the
// record alone.
func adoptImportedMembers(ctx context.Context, private privateReader, next privateWriter, state skillGroupMembersModel, diags *diag.Diagnostics) {
	if private == nil || next == nil {
		return
	}
	if b, _ := private.GetKey(ctx, importedMembersKey); len(b) == 0 {
		return
	}
	held, d := state.desired(ctx)
	if d.HasError() {
		return
	}
	setAppliedMembers(ctx, next, held, diags)
	diags.Append(next.SetKey(ctx, importedMembersKey, nil)...)
}

// setAppliedMembers records the agents a create or update wrote.
func setAppliedMembers(ctx context.Context, next privateWriter, desired map[int64]int64, diags *diag.Diagnostics) {
	setApplied(ctx, next, appliedMembersKey, slices.Collect(maps.Keys(desired)), diags)
}

// setApplied records under key the ids a create or update wrote (a
// membership's agents, an agent's groups).
func setApplied(ctx context.Context, next privateWriter, key string, ids []int64, diags *diag.Diagnostics) {
	ids = slices.Sorted(slices.Values(ids))
	if ids == nil {
		ids = []int64{} // "[]": none written, which is not "nothing recorded"
	}
	b, _ := json.Marshal(ids)
	diags.Append(next.SetKey(ctx, key, b)...)
}

// appliedMembers reads what setAppliedMembers kept; ok is false when the
// instance has none (a state written by an older provider, or imported
// and not updated since).
func appliedMembers(ctx context.Context, p privateReader) (map[int64]bool, bool) {
	return applied(ctx, p, appliedMembersKey)
}

// applied reads what setApplied kept under key; ok is false when the
// instance has none.
func applied(ctx context.Context, p privateReader, key string) (map[int64]bool, bool) {
	if p == nil {
		return nil, false
	}
	b, _ := p.GetKey(ctx, key)
	var ids []int64
	if len(b) == 0 || json.Unmarshal(b, &ids) != nil || ids == nil {
		return nil, false
	}
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, true
}

// addedOutside are the ids held now (the state, which the refresh read)
// that the plan no longer lists and the last apply did not write: the
// ones the plan removes that were added outside this configuration,
// sorted.
func addedOutside[V any](held, planned map[int64]V, written map[int64]bool) []int64 {
	var out []int64
	for id := range held {
		if _, listed := planned[id]; !listed && !written[id] {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// joinedOutside says where ids added outside a configuration came from
// (who is a sentence's subject: "They", "It"); others names the other
// configuration's resources that may have added them, here this one's
// (one group managed in both forms in one configuration).
func joinedOutside(who, others, here string) string {
	return who + " joined after this configuration's last apply: in the portal, through a ccsync roster's queue_ids, through another configuration (" + others + "), " +
		"or through this configuration's own " + here + " (the two forms undo each other at every apply: manage a group in one form only)."
}

// warnAddedOutside warns at plan of the agents an update or a destroy
// removes from the group that this configuration never put there: they
// joined after its last apply, in the portal, through a ccsync roster or
// through another configuration (its contactcenter_skill_group_member
// resources, an agent's queue_ids). When another configuration manages
// them, the two undo each other's memberships at every apply, and neither
// plan said so: this one showed "- { agent_id = "1004" }" as if the agent
// had been taken out of members, the other "+ create" as if new.
//
// read is what a destroy's plan read in the group (readForDestroy), and
// read tells that it did: then it names the agents without reading again.
func (r *skillGroupMembersResource) warnAddedOutside(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse, now []client.GroupAgent, read bool) {
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
	for _, a := range now { // a destroy's plan: what the group holds now
		if _, in := held[a.AgID.Int64()]; !in {
			held[a.AgID.Int64()] = a.Skill.Int64()
		}
	}
	planned := map[int64]int64{}
	unknown := 0
	destroy := req.Plan.Raw.IsNull()
	replaced := false
	if !destroy {
		var plan skillGroupMembersModel
		if req.Plan.Get(ctx, &plan).HasError() || plan.QueID.IsUnknown() {
			return // a que_id known only at apply: warnUnknownMembershipReplace
		}
		// A new que_id replaces the resource: its destroy half empties the
		// old group of the agents the state lists, those added outside
		// this configuration too (the refresh read them), as a destroy does.
		replaced = !plan.QueID.Equal(state.QueID)
	}
	if !destroy && !replaced {
		var plan skillGroupMembersModel
		if req.Plan.Get(ctx, &plan).HasError() || plan.Members.IsUnknown() {
			return // unknown members
		}
		// An agent id known only at apply (an agent made in this plan, as
		// onboarding one under for_each does, or a data source read at
		// apply) may turn out to be one of them: said, not guessed, as
		// warnUnlisted says it. Returning here kept the plan silent in
		// the most common case, a new agent listed beside one added
		// outside, whose "- { agent_id = ... }" read as the
		// configuration's own removal.
		if planned, unknown, d = plan.plannedMembers(ctx); d.HasError() {
			return
		}
	}
	outside := addedOutside(held, planned, applied)
	if len(outside) == 0 {
		return
	}
	queID := framework.ID(state.QueID)
	// The agents' numbers, which the plan does not show, when the group
	// can be read; the ids alone otherwise.
	if !read {
		now = planAgentsQuiet(ctx, r.Client, queID)
	}
	nums := agentNums(now)
	some := textcheck.SomeOf(len(outside), 20, func(i int) string { return agentLabel(nums[outside[i]], outside[i]) })
	does := "this update removes them (members does not list them)"
	if unknown > 0 {
		does = fmt.Sprintf("this update removes them (members does not list them; %d agent id(s) of members are known only at apply, and any of these agents they turn out to be stays)", unknown)
	}
	if destroy {
		does = "this destroy removes them with the agents it lists"
	}
	if replaced {
		does = "this replacement (que_id changes) removes them from it with the agents it lists"
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("members"), "Agents Added Outside This Configuration Will Leave the Skill Group",
		fmt.Sprintf("Skill group %d has %d agent(s) that this configuration did not put there: %s. "+
			joinedOutside("They", "its contactcenter_skill_group_member resources or an agent's queue_ids", "contactcenter_agent whose queue_ids lists the group")+" "+
			"contactcenter_skill_group_members manages the whole membership, so %s, and they stop taking the group's calls. "+
			"If another configuration adds them, the two undo each other's memberships at every apply: manage the group's membership in one configuration "+
			"(list the agents in members here, or hand the whole membership to the other configuration: a removed block with lifecycle { destroy = false } here, "+
			"an import there).", queID, len(outside), some, does))
}

// planAgentsQuiet reads group queID's agents at plan for a warning's
// agent numbers, which the plan does not show (reader "plan": the answer
// of the plan's refresh, or of an import's read, serves it): none when
// the read fails, and the warning names the agents by id alone.
func planAgentsQuiet(ctx context.Context, c *client.Client, queID int64) []client.GroupAgent {
	if c == nil {
		return nil
	}
	data, err := c.Queues.GetAgentsFor(ctx, "plan", queID)
	if err != nil {
		return nil
	}
	return data[strconv.FormatInt(queID, 10)]
}

// agentNums returns the user_num of each of agents, by ag_id.
func agentNums(agents []client.GroupAgent) map[int64]string {
	nums := make(map[int64]string, len(agents))
	for _, a := range agents {
		nums[a.AgID.Int64()] = string(a.AgNum)
	}
	return nums
}

// setAppliedQueueIDs records the groups an agent's create or update wrote
// through queue_ids; with queue_ids unset the resource manages none, and
// the key is removed.
func setAppliedQueueIDs(ctx context.Context, next privateWriter, queueIDs types.Set, diags *diag.Diagnostics) {
	if queueIDs.IsNull() || queueIDs.IsUnknown() {
		diags.Append(next.SetKey(ctx, appliedQueueIDsKey, nil)...)
		return
	}
	ids, d := tfkit.Int64sFromSet(ctx, queueIDs)
	diags.Append(d...)
	setApplied(ctx, next, appliedQueueIDsKey, ids, diags)
}

// warnQueueIDsAddedOutside warns at plan of the groups an update of an
// agent with queue_ids (or its destroy with delete_mode = "resign", which
// empties queue_ids, a replacement's destroy half too) takes the agent out of that this configuration never
// put it in: the refresh reads every group the agent is in into queue_ids,
// so a group another configuration added it to (its
// contactcenter_skill_group_member or contactcenter_skill_group_members),
// a ccsync roster or the portal showed in the plan as "- 103", as if this
// configuration had dropped it, and the two configurations undid each
// other at every apply without a word (warnAddedOutside is the same for
// contactcenter_skill_group_members). A state without the record (older
// provider, import) and queue_ids unknown in part say nothing.
func (r *agentResource) warnQueueIDsAddedOutside(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	written, ok := applied(ctx, req.Private, appliedQueueIDsKey)
	if !ok || req.State.Raw.IsNull() {
		return
	}
	var state agentModel
	if req.State.Get(ctx, &state).HasError() || state.QueueIDs.IsNull() || state.QueueIDs.IsUnknown() {
		return
	}
	held := map[int64]bool{}
	ids, d := tfkit.Int64sFromSet(ctx, state.QueueIDs)
	if d.HasError() {
		return
	}
	for _, q := range ids {
		held[q] = true
	}
	planned := map[int64]bool{}
	unknown := 0
	does := "this update takes the agent out of them (queue_ids lists all of the agent's groups and does not list them)"
	if req.Plan.Raw.IsNull() {
		if state.DeleteMode.ValueString() != agentDeleteModeResign {
			return // a deleted agent leaves every group: the destroy says so
		}
		does = "this destroy resigns the agent and takes it out of every group queue_ids holds, these too"
		// Terraform 1.11 (1.11.4; 1.15 refreshes first,
		// hashicorp/terraform#36394) plans the delete of an instance no
		// longer in the configuration (a for_each key, count index or
		// module instance removed, or its block deleted) from the state it
		// had before this plan's refresh, as -refresh=false plans any
		// destroy: a group the agent joined since the last apply was not
		// in that queue_ids, the plan did not warn, and the resign (which
		// sends queue_ids = []) took the agent out of it. One read of the
		// agent (users/list through the client's batched finder, §4.2) per
		// planned resign of an agent with queue_ids, shared with the plan's
		// refresh of it when there is one; a read that fails keeps the
		// state's groups.
		if r.Client != nil {
			if a, err := r.Client.Agents.GetFor(ctx, "destroy plan", framework.ID(state.ID)); err == nil {
				for _, q := range a.QueueIDList() {
					held[q] = true
				}
			}
		}
	} else {
		var plan agentModel
		if req.Plan.Get(ctx, &plan).HasError() {
			return
		}
		if !plan.UserNum.Equal(state.UserNum) {
			// A new user_num (or one known only at apply) replaces the
			// agent, and the destroy half uses the delete_mode the last
			// apply saved: a resign sends queue_ids = [] as a destroy's
			// does, the groups the refresh read into queue_ids included.
			if state.DeleteMode.ValueString() != agentDeleteModeResign {
				return // a deleted agent leaves every group: the replacement says so
			}
			does = "the destroy half of this replacement (user_num changes) resigns the agent and takes it out of every group queue_ids holds, these too"
		} else if plan.QueueIDs.IsNull() || !rawAttr(req.Plan.Raw, "queue_ids").IsKnown() {
			return // unmanaged (warnQueueIDsLetGo) or not guessed
		}
		if plan.UserNum.Equal(state.UserNum) {
			// A group id known only at apply (a group made in this plan,
			// which the agent joins) may turn out to be one of them: said,
			// not guessed. Returning here kept the plan silent whenever the
			// agent joined a new group beside one it had joined outside.
			for _, v := range plan.QueueIDs.Elements() {
				q, ok := v.(types.Int64)
				if !ok || q.IsUnknown() {
					unknown++
					continue
				}
				planned[q.ValueInt64()] = true
			}
		}
	}
	outside := addedOutside(held, planned, written)
	if len(outside) == 0 {
		return
	}
	if unknown > 0 {
		does = fmt.Sprintf("this update takes the agent out of them (queue_ids lists all of the agent's groups and does not list them; %d group id(s) of queue_ids are known only at apply, and any of these groups they turn out to be stays)", unknown)
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("queue_ids"), "Agent Will Leave Groups It Joined Outside This Configuration",
		fmt.Sprintf("Agent %s (id %s) is in %d skill group(s) that this configuration did not put it in: %s. "+
			joinedOutside("It", "its contactcenter_skill_group_member or contactcenter_skill_group_members resources", "contactcenter_skill_group_member or contactcenter_skill_group_members")+" "+
			"So %s, and the agent stops taking their calls. If another configuration adds the agent to them, the two undo each other at every apply: "+
			"manage its membership of those groups in one place (add them to queue_ids here, or take queue_ids out of this configuration and manage "+
			"the agent's memberships with contactcenter_skill_group_member resources).",
			state.UserNum.ValueString(), state.ID.ValueString(), len(outside),
			textcheck.SomeOf(len(outside), 20, func(i int) string { return strconv.FormatInt(outside[i], 10) }), does))
}
