package resources

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// memberships are the skill-group memberships a membership resource's
// state or plan holds, by key (membershipKey), as group and agent; values
// not known yet are left out.
type memberships map[string][2]int64

func (ms memberships) add(queID, agID int64) {
	if queID > 0 && agID > 0 {
		ms[membershipKey(queID, agID)] = [2]int64{queID, agID}
	}
}

// warnRemovedAndAdded is both membership resources' ModifyPlan step. A
// for_each key or a resource name changed without a moved block (or a
// group moved between the two membership resources) makes a plan in which
// one instance removes an agent from a group and another adds it again.
// Terraform applies the two in any order: when the removal runs first, the
// agent is out of the group until the addition runs, minutes later in a
// large apply (312 agents were out of their groups for most of a 12-minute
// apply), and nothing said so. Whichever of the two instances is planned
// second warns, naming the agents; prior and planned are this instance's.
func warnRemovedAndAdded(claims *tfkit.Claims, prior, planned memberships, diags *diag.Diagnostics) {
	var removed, added []string
	for k := range prior {
		if _, ok := planned[k]; !ok {
			removed = append(removed, k)
		}
	}
	for k := range planned {
		if _, ok := prior[k]; !ok {
			added = append(added, k)
		}
	}
	both := append(claims.Planned(true, removed...), claims.Planned(false, added...)...)
	if len(both) == 0 {
		return
	}
	byGroup := map[int64][]int64{}
	for _, k := range both {
		m := prior[k]
		if m[0] == 0 {
			m = planned[k]
		}
		byGroup[m[0]] = append(byGroup[m[0]], m[1])
	}
	var which []string
	for _, q := range slices.Sorted(maps.Keys(byGroup)) {
		slices.Sort(byGroup[q])
		which = append(which, fmt.Sprintf("agent(s) %s in skill group %d", joinIDs(byGroup[q]), q))
	}
	diags.AddWarning("Membership Removed and Added Again",
		fmt.Sprintf("The membership of %s is removed by one resource instance and added again by another in this plan: a for_each key or a resource name "+
			"changed without a moved block, or the group moved between contactcenter_skill_group_member and contactcenter_skill_group_members. "+
			"The apply ends with the membership in place, but Terraform runs the removal and the addition in any order: when the removal runs first, "+
			"the agent is out of the group until the addition runs, which in a large apply can be minutes. Within one resource type, a moved block "+
			"from the old address to the new one changes nothing on the platform. Between the two types, the resources' documentation shows how "+
			"to hand the agents over without a moment outside the group (a removed block, then import blocks).", strings.Join(which, "; ")))
}

// warnUnknownMembershipReplace warns when the only attributes that replace
// a membership resource are known only at apply (unknownOnly): the
// membership is removed and added again even if the values come out the
// same. kind starts the title, of names the membership, does says what
// the replacement does.
func warnUnknownMembershipReplace(diags *diag.Diagnostics, kind string, unknown []string, of, does string) {
	diags.AddWarning(replacedForUnknown(kind, unknown, "the membership of "+of, "resource",
		"When the skill group or the agent is itself replaced in this plan (its id is then known only at apply), the membership follows it, "+
			"and this is expected. Otherwise the value comes from another object that changes: the replacement "+does+"."))
}

// planMemberships calls warnRemovedAndAdded with what read makes of the
// state (none for a create) and of the plan (none for a destroy).
func planMemberships(ctx context.Context, req resource.ModifyPlanRequest, claims *tfkit.Claims, diags *diag.Diagnostics,
	read func(get func(context.Context, any) diag.Diagnostics) memberships) {
	prior, planned := memberships{}, memberships{}
	if !req.State.Raw.IsNull() {
		prior = read(req.State.Get)
	}
	if !req.Plan.Raw.IsNull() {
		planned = read(req.Plan.Get)
	}
	warnRemovedAndAdded(claims, prior, planned, diags)
}

// ModifyPlan warns of a membership another instance of this plan removes
// or adds the other way (warnRemovedAndAdded), and of a create that
// changes the skill of a membership the group already has (warnAdopted).
func (r *skillGroupMemberResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.Steps.PlanChecks(ctx, req, resp)
	r.warnAdopted(ctx, req, resp)
	if unknown := unknownOnly(ctx, req, []string{"que_id", "agent_id"}); len(unknown) > 0 {
		var m skillGroupMemberModel
		if !req.State.Get(ctx, &m).HasError() && !followsReplaced(r.Claims, unknown, m.QueID.ValueString(), m.AgentID.ValueString()) {
			warnUnknownMembershipReplace(&resp.Diagnostics, "Membership", unknown, fmt.Sprintf("agent %s in skill group %s", m.AgentID.ValueString(), m.QueID.ValueString()),
				"removes the agent from the group and adds it again: the agent is out of the group, and takes none of its calls, until the addition runs")
		}
	}
	planMemberships(ctx, req, r.Claims, &resp.Diagnostics, func(get func(context.Context, any) diag.Diagnostics) memberships {
		ms := memberships{}
		var m skillGroupMemberModel
		if !get(ctx, &m).HasError() && !m.QueID.IsUnknown() && !m.AgentID.IsUnknown() {
			ms.add(framework.ID(m.QueID), framework.ID(m.AgentID))
		}
		return ms
	})
	var m skillGroupMemberModel
	if !req.Plan.Raw.IsNull() && !req.Plan.Get(ctx, &m).HasError() && !m.QueID.IsUnknown() && !m.AgentID.IsUnknown() {
		planPutIn(r.Claims, walkOf(r.Client), kindMember, framework.ID(m.QueID), []int64{framework.ID(m.AgentID)}, path.Root("agent_id"), &resp.Diagnostics)
	}
}

// ModifyPlan warns of a membership another instance of this plan removes
// or adds the other way (warnRemovedAndAdded), of the agents a create
// removes from an existing group (warnUnlisted), and of those an update or
// a destroy removes that joined outside this configuration (warnAddedOutside),
// and of those an import removes (warnImportRemoves).
func (r *skillGroupMembersResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.Steps.PlanChecks(ctx, req, resp)
	r.warnUnlisted(ctx, req, resp)
	now, read := r.readForDestroy(ctx, req, resp)
	r.warnAddedOutside(ctx, req, resp, now, read)
	r.warnImportRemoves(ctx, req, resp)
	if unknown := unknownOnly(ctx, req, []string{"que_id"}); len(unknown) > 0 {
		var m skillGroupMembersModel
		if !req.State.Get(ctx, &m).HasError() && !followsReplaced(r.Claims, unknown, m.QueID.ValueString(), "") {
			agents, _ := m.desired(ctx)
			warnUnknownMembershipReplace(&resp.Diagnostics, "Skill Group Members", unknown, "skill group "+m.QueID.ValueString(),
				fmt.Sprintf("empties the group of its agents (%s) and adds the listed ones again: the group has none of them, and they take none of its calls, "+
					"until the addition runs", joinIDs(slices.Sorted(maps.Keys(agents)))))
		}
	}
	planMemberships(ctx, req, r.Claims, &resp.Diagnostics, func(get func(context.Context, any) diag.Diagnostics) memberships {
		ms := memberships{}
		var m skillGroupMembersModel
		if get(ctx, &m).HasError() || m.QueID.IsUnknown() || m.Members.IsUnknown() {
			return ms
		}
		agents, diags := m.desired(ctx)
		if !diags.HasError() {
			for ag := range agents {
				ms.add(framework.ID(m.QueID), ag)
			}
		}
		return ms
	})
	var m skillGroupMembersModel
	if !req.Plan.Raw.IsNull() && !req.Plan.Get(ctx, &m).HasError() && !m.QueID.IsUnknown() && !m.Members.IsUnknown() {
		if agents, diags := m.desired(ctx); !diags.HasError() {
			planPutIn(r.Claims, walkOf(r.Client), kindMembers, framework.ID(m.QueID), slices.Collect(maps.Keys(agents)), path.Root("members"), &resp.Diagnostics)
		}
	}
}

// warnUnlisted warns at plan of the agents a create removes: this resource
// manages the whole membership, so its create for a group that exists
// (adopted, or made in the portal, and referred to by id) takes out every
// agent members does not list, and they stop taking the group's calls. The
// plan showed only "+ members = [...]", and the apply said it afterwards
// ("Skill Group Had Unlisted Agents"), when the agents were already out. A
// group made in this plan (que_id unknown) has no agents; an import plans
// no create. One read of the group (queue/get/agents) per planned create.
func (r *skillGroupMembersResource) warnUnlisted(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if !req.State.Raw.IsNull() || req.Plan.Raw.IsNull() || r.Client == nil {
		return
	}
	var m skillGroupMembersModel
	if req.Plan.Get(ctx, &m).HasError() || m.QueID.IsUnknown() || m.QueID.IsNull() {
		return
	}
	queID, err := strconv.ParseInt(m.QueID.ValueString(), 10, 64)
	if err != nil {
		return // the validators say so
	}
	// members known only at apply as a whole (a for expression over a
	// collection another resource or a data source read at apply gives):
	// the plan showed "+ members = (known after apply)" and said nothing.
	whole := m.Members.IsUnknown()
	var desired map[int64]int64
	unknown := 0
	if !whole {
		// An agent id known only at apply (an agent made in this plan, a
		// data source read at apply) may be one of the group's agents:
		// said, not guessed.
		var d diag.Diagnostics
		if desired, unknown, d = m.plannedMembers(ctx); d.HasError() {
			return
		}
	}
	agents, ok := planGroupAgents(ctx, r.Client, queID, "", path.Root("members"), &resp.Diagnostics,
		"which this create removes from the group when members does not list them (contactcenter_skill_group_members manages the whole membership)",
		", so it does not show whether agents leave the group; the apply reads the group again and names the agents it removed.")
	if !ok {
		return
	}
	// leave are the group's agents now that members does not list (every
	// one, when members is unknown as a whole).
	var leave []string
	for _, a := range agents {
		if _, listed := desired[a.AgID.Int64()]; !listed {
			leave = append(leave, agentLabel(string(a.AgNum), a.AgID.Int64()))
		}
	}
	if len(leave) == 0 {
		return
	}
	slices.Sort(leave)
	some := textcheck.SomeOf(len(leave), 20, func(i int) string { return leave[i] })
	const keep = "If contactcenter_skill_group_member resources or an agent's queue_ids manage them, " +
		"manage this group in one form only. Importing the membership instead (an import block) shows each agent the plan removes."
	if whole {
		resp.Diagnostics.AddAttributeWarning(path.Root("members"), "Agents Will Leave the Skill Group",
			fmt.Sprintf("Skill group %d already has %d agent(s): %s. members is known only at apply, and contactcenter_skill_group_members manages the whole membership, "+
				"so this create removes from the group each of them that members does not list then, and they stop taking its calls; the plan cannot show which. "+
				"To keep them, make sure members lists them. "+keep, queID, len(leave), some))
		return
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("members"), "Agents Will Leave the Skill Group",
		fmt.Sprintf("Skill group %d already has %d agent(s) that members does not list: %s. contactcenter_skill_group_members manages the whole membership, "+
			"so this create removes them from the group%s and they stop taking its calls; the plan shows only the agents it lists. "+
			"To keep them, add them to members. "+keep, queID, len(leave), some, unknownStays(unknown)))
}

// warnAdopted warns at plan of a create for an agent the group already
// has with another skill: the create takes that membership over and sets
// the configured skill (queue/update/skill), so the agent's skill in the
// group changes (with que_strategy = 2, the order its calls come in), while
// the plan showed "+ skill = 1" as a new membership, and only the apply
// said what it had been ("Membership Adopted"). The group's agents are read
// once for all the member resources of the group planned at once.
func (r *skillGroupMemberResource) warnAdopted(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if !req.State.Raw.IsNull() || req.Plan.Raw.IsNull() || r.Client == nil {
		return
	}
	var m skillGroupMemberModel
	if req.Plan.Get(ctx, &m).HasError() || m.QueID.IsUnknown() || m.QueID.IsNull() || m.AgentID.IsUnknown() || m.AgentID.IsNull() || m.Skill.IsUnknown() {
		return
	}
	queID, err := strconv.ParseInt(m.QueID.ValueString(), 10, 64)
	if err != nil {
		return
	}
	agID, err := strconv.ParseInt(m.AgentID.ValueString(), 10, 64)
	if err != nil {
		return
	}
	agents, ok := planGroupAgents(ctx, r.Client, queID, "plan:"+m.AgentID.ValueString(), path.Root("skill"), &resp.Diagnostics,
		fmt.Sprintf("to see whether agent %s is in it already with another skill, which this create would change", m.AgentID.ValueString()),
		"; the apply says so when it takes a membership over (\"Membership Adopted\").")
	if !ok {
		return
	}
	for _, a := range agents {
		if a.AgID.Int64() != agID {
			continue
		}
		if a.Skill.Int64() == m.Skill.ValueInt64() {
			// Taken over without a word at plan or apply, the membership
			// was then removed by this resource's destroy: another
			// configuration's agent left that configuration's group when
			// this one's root module was destroyed.
			if r.Claims.PlannedAs(true, membershipKey(queID, agID)) {
				// Another instance of this plan removes it (a for_each key
				// or the resource's name changed without a moved block):
				// the membership is this configuration's, and "Membership
				// Removed and Added Again" says so, with the moved block.
				// Asked, not recorded: the create records its membership
				// once (warnRemovedAndAdded), or a removal planned between
				// the two records was told, and so was the create (two
				// warnings of one membership).
				continue
			}
			resp.Diagnostics.AddAttributeWarning(path.Root("agent_id"), "Membership Exists",
				fmt.Sprintf("Agent %s (ag_id %d) is already in skill group %d, with skill %d: this create takes that membership over, although the plan shows a new one, "+
					"and destroying this resource later takes the agent out of the group, whoever put it there. If another configuration manages the membership "+
					"(its contactcenter_skill_group_member, the agent's queue_ids) or a ccsync roster set it, leave it to them and take this resource out of the configuration. "+
					"To adopt it knowingly, import it (an import block with id = \"%[3]d:%[2]d\") instead. If this plan also removes it through another instance of "+
					"this configuration (a for_each key or the resource's name changed: \"Membership Removed and Added Again\"), it is this configuration's own: "+
					"add a moved block from the old address to the new one instead.", string(a.AgNum), agID, queID, a.Skill.Int64()))
			continue
		}
		resp.Diagnostics.AddAttributeWarning(path.Root("skill"), "Membership Exists With Another Skill",
			fmt.Sprintf("Agent %s (ag_id %d) is already in skill group %d, with skill %d: this create takes that membership over and changes its skill to %d, "+
				"although the plan shows a new membership. To keep the agent's skill, set skill = %[4]d. To adopt the membership as it is, import it "+
				"(an import block with id = \"%[3]d:%[2]d\") instead.", string(a.AgNum), agID, queID, a.Skill.Int64(), m.Skill.ValueInt64()))
	}
}

// planGroupAgents reads, at plan, the agents of skill group queID
// (queue/get/agents through the client's finder: the creates planned at
// once share one call; reader as GetAgentsFor), for a create's warning of
// what it changes. A read that fails is said at `at`, not passed over (the
// plan would read as a create that changes nothing; the create reads the
// group again): purpose says what the read was for, after how the plan
// and the apply go on. ok is false then. A read stopped with the plan
// (Ctrl-C) is not said: the plan does not go on.
func planGroupAgents(ctx context.Context, c *client.Client, queID int64, reader string, at path.Path, diags *diag.Diagnostics, purpose, after string) ([]client.GroupAgent, bool) {
	data, err := c.Queues.GetAgentsFor(ctx, reader, queID)
	if err != nil {
		if ctx.Err() != nil {
			// Stopped (Ctrl-C): the plan does not go on (Terraform says
			// "execution halted"), so neither does the check.
			return nil, false
		}
		diags.AddAttributeWarning(at, "Could Not Check the Skill Group's Agents",
			fmt.Sprintf("The plan could not read the agents of skill group %d, %s: %s\n\nThe plan goes on without that check%s",
				queID, purpose, tfkit.APIErrorDetailOf(tfkit.OpRead, err), after))
		return nil, false
	}
	agents, listed := data[strconv.FormatInt(queID, 10)]
	if !listed {
		// An empty group is not listed either; a group that does not
		// exist (a literal que_id of a group deleted since, or made anew
		// under another id by a destroy and an apply) failed only at
		// apply, after what came before it was applied.
		if _, err := c.Queues.Get(ctx, queID); client.IsNotFound(err) {
			diags.AddAttributeError(path.Root("que_id"), "Skill Group Not Found", noGroup(queID, err))
			return nil, false
		}
	}
	return agents, true
}

// noGroup says that que_id queID names no skill group (err, the read's
// not found), and what to write instead.
func noGroup(queID int64, err error) string {
	return fmt.Sprintf("que_id %d names no skill group of this contact center (%s). Nothing was changed. "+
		"A literal que_id names the group it was written for: one deleted since (in the portal, or by a destroy, after which an apply creates the group "+
		"again with a new id) or of another contact center is not found. Refer to the group's resource instead (que_id = contactcenter_skill_group.<name>.id), "+
		"or write the id the group has now (data \"contactcenter_skill_groups\" lists them).", queID, err)
}
