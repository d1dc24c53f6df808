package resources

import (
	"context"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure   = (*skillGroupMemberResource)(nil)
	_ resource.ResourceWithImportState = (*skillGroupMemberResource)(nil)
	_ resource.ResourceWithIdentity    = (*skillGroupMemberResource)(nil)
	_ list.ListResourceWithConfigure   = (*skillGroupMemberLister)(nil)
)

// NewSkillGroupMemberResource returns the contactcenter_skill_group_member resource.
func NewSkillGroupMemberResource() resource.Resource {
	r := &skillGroupMemberResource{}
	r.Managed = framework.NewManaged("skill_group_member", "Skill Group Member", r.get)
	return r
}

type skillGroupMemberResource struct {
	framework.Managed[skillGroupMemberModel]
}

func (r *skillGroupMemberResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "One agent in one skill group, with its skill level. " +
			"Additive: other agents of the group are left alone. Import with `<que_id>:<agent_id>`; an agent already in the group when the " +
			"resource is created is taken over, and the plan warns (\"Membership Exists\"; when its skill level changes, \"Membership Exists With Another Skill\", naming the skill it had, and so does the apply): destroying the resource later takes the agent out of the group, whoever put it there. " +
			"API: queue/assign, queue/update/skill, queue/cancel_assign (spec §4.6).\n\n" +
			"A group is managed by one form only, and by one configuration (two configurations with states of their own undo each other's memberships at every apply: a `contactcenter_skill_group_members` plan warns, naming the agents it removes that it did not put in the group (\"Agents Added Outside This Configuration Will Leave the Skill Group\"), while the other configuration's plan only shows them added again): either these per-agent resources, or one `contactcenter_skill_group_members` resource " +
			"(which removes every agent it does not list, including these), or the agents' `queue_ids`. Do not mix them for the same group, " +
			"and do not add an agent whose `queue_ids` is set to any group here: that attribute lists all of the agent's groups, so each apply would undo the other (the agent's plan warns, \"Agent Will Leave Groups It Joined Outside This Configuration\").\n\n" +
			membershipRekeyNote("contactcenter_skill_group_members"),
		Attributes: framework.Strict(map[string]schema.Attribute{
			"id":     framework.IDAttribute("`<que_id>:<agent_id>`."),
			"que_id": groupIDAttribute("The skill group (`que_id`). Changing it replaces the resource."),
			"agent_id": schema.StringAttribute{
				Required: true, MarkdownDescription: "The agent (`ag_id`). Changing it replaces the resource.",
				Validators:    []validator.String{tfkit.Matching(numericIDRE, "must be a numeric agent id (a whole number from 1, without leading zeros)")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"skill": schema.Int64Attribute{
				Optional: true, Computed: true, Default: int64default.StaticInt64(1),
				MarkdownDescription: "Skill level of the agent in the group (`skill`), at least `0`. Defaults to `1`. Changed in place with queue/update/skill.",
				Validators:          []validator.Int64{int64validator.AtLeast(0)},
			},
		}),
	}
}

// IdentitySchema: a member is named by its group and its agent.
func (r *skillGroupMemberResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{Attributes: map[string]identityschema.Attribute{
		"que_id":   identityschema.StringAttribute{RequiredForImport: true, Description: "The skill group's id (`que_id`)."},
		"agent_id": identityschema.StringAttribute{RequiredForImport: true, Description: "The agent's id (`ag_id`)."},
	}}
}

func (r *skillGroupMemberResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.Steps.Create(ctx, req, resp, func(ctx context.Context, plan *skillGroupMemberModel) error {
		queID, agID := framework.ID(plan.QueID), framework.ID(plan.AgentID)
		want := client.AgentSkill{AgID: agID, Skill: plan.Skill.ValueInt64()}
		key := membershipKey(queID, agID)
		defer r.Claims.Lock(key)()
		defer r.Claims.Done(key)
		// A lost answer, or 407 for an agent already in the group with
		// this skill, is adopted once the membership shows it.
		claimPutIn(r.Claims, walkOf(r.Client), kindMember, queID, agID)
		write := func() error { return r.Client.Queues.Assign(ctx, queID, []client.AgentSkill{want}) }
		err := settle(ctx, r.Client, queID, write, present(want))
		if err != nil && alreadyAssigned(err) {
			// Code 407 reads "agent already assigned a group" (§7.2): this
			// group, or another one where an agent may have only one.
			members, found, rerr := groupMembers(ctx, r.Client, queID, "")
			if rerr != nil || !found {
				return err
			}
			had, in := members[agID]
			if !in {
				// The advice is part of the text: the detail of a wrapped API error would drop it.
				// The error is the diagnostic's detail, shown verbatim and never wrapped, so it
				// ends with a full stop. It is about the agent: shown at agent_id.
				return tfkit.AtAttr(path.Root("agent_id"), fmt.Errorf( //nolint:staticcheck // ST1005: diagnostic text (see above)
					"%s\n\nAgent %d is not in skill group %d, yet the platform says the agent is already assigned a group: "+
						"it may take only one group per agent, or another change removed it from this group at the same time. "+
						"Remove the agent from its other group first (or manage that membership instead).",
					tfkit.APIErrorDetail(err), agID, queID))
			}
			// The agent is in the group with another skill: the instance
			// this one replaces in the same apply (a for_each key changed,
			// create_before_destroy), or a membership made by hand. This
			// resource takes it over, as it does one with the same skill,
			// and sets the configured skill; the old instance's delete
			// then leaves it (Claims).
			update := func() error {
				_, err := r.Client.Queues.UpdateSkill(ctx, queID, []client.AgentSkill{want}, true)
				return err
			}
			if err = settle(ctx, r.Client, queID, update, present(want)); err != nil {
				return err
			}
			resp.Diagnostics.AddWarning("Membership Adopted", fmt.Sprintf("Agent %d was already in skill group %d, with skill %d: this resource now manages "+
				"that membership and set skill %d. If another resource or an agent's queue_ids manages it too, manage it in one place only.",
				agID, queID, had, want.Skill))
		}
		if err != nil {
			// queue/assign: 403 group not of this enterprise, 406 ag_id not of this enterprise (§7.2).
			return tfkit.AttrOfCode(err, map[int64]string{403: "que_id", 406: "agent_id"})
		}
		warnQueueIDsOmit(r.Claims, walkOf(r.Client), false, kindMember, queID, []int64{agID}, path.Root("agent_id"), &resp.Diagnostics)
		r.Claims.ClaimAs(keepClaimant(ctx, nil, resp.Private, &resp.Diagnostics), key)
		plan.ID = types.StringValue(fmt.Sprintf("%d:%d", queID, agID))
		return nil
	})
}

func (r *skillGroupMemberResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.Steps.Update(ctx, req, resp, func(ctx context.Context, plan, _ *skillGroupMemberModel) error {
		queID, want := framework.ID(plan.QueID), client.AgentSkill{AgID: framework.ID(plan.AgentID), Skill: plan.Skill.ValueInt64()}
		key := membershipKey(queID, want.AgID)
		defer r.Claims.Lock(key)()
		defer r.Claims.Done(key)
		claimPutIn(r.Claims, walkOf(r.Client), kindMember, queID, want.AgID)
		write := func() error {
			_, err := r.Client.Queues.UpdateSkill(ctx, queID, []client.AgentSkill{want}, true)
			return err
		}
		if err := settle(ctx, r.Client, queID, write, present(want)); err != nil {
			return err
		}
		warnQueueIDsOmit(r.Claims, walkOf(r.Client), false, kindMember, queID, []int64{want.AgID}, path.Root("agent_id"), &resp.Diagnostics)
		r.Claims.ClaimAs(keepClaimant(ctx, req.Private, resp.Private, &resp.Diagnostics), key)
		return nil
	})
}

func (r *skillGroupMemberResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.Steps.Delete(ctx, req, resp, func(ctx context.Context, state *skillGroupMemberModel) error {
		queID, agID := framework.ID(state.QueID), framework.ID(state.AgentID)
		key := membershipKey(queID, agID)
		defer r.Claims.Lock(key)()
		defer r.Claims.Done(key)
		if r.Claims.ClaimedByOther(key, claimantOf(ctx, req.Private)) {
			resp.Diagnostics.AddWarning("Membership Kept", keptMessage(queID, []int64{agID}))
			return nil
		}
		write := func() error { return r.Client.Queues.CancelAssign(ctx, queID, []int64{agID}) }
		return settle(ctx, r.Client, queID, write, absent(agID))
	}, nil)
}

// membershipRekeyNote is the membership resources' advice on changing an
// instance's address; other is the other membership resource.
func membershipRekeyNote(other string) string {
	return "When a `for_each` key or the resource's name changes, add a `moved` block from the old address to the new one. " +
		"Without it Terraform deletes the old instance and creates the new one for the same membership in one apply, in any order, and the plan warns " +
		"\"Membership Removed and Added Again\": the membership ends in place (when the create runs first, the delete leaves it and warns \"Membership Kept\"), " +
		"but when the delete runs first the agent is out of the group until the create adds it back, which in a large apply can be minutes. " +
		"Moving a group between this resource and `" + other + "` has no `moved` block, and the same holds. " +
		"To hand the agents over without a moment outside the group, take the old form out of the state without deleting it, then import the new one " +
		"(one apply can do both): a `removed` block (`lifecycle { destroy = false }`) for a whole resource, or `terraform state rm` for one instance of a " +
		"`for_each` (a `removed` block cannot name an instance); then `import` blocks."
}

// membershipKey names one agent's membership of one group in Claims.
func membershipKey(queID, agID int64) string { return fmt.Sprintf("membership %d:%d", queID, agID) }

func joinIDs(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, ", ")
}

// keptMessage explains a delete that left memberships in place because
// another resource instance created them in this run.
func keptMessage(queID int64, agIDs []int64) string {
	return fmt.Sprintf("Skill group %d keeps agent(s) %s: this apply also created the same membership as a replacement or under another resource address, "+
		"which now manages it, so only the old instance was removed from the state. A replacement of the same address with create_before_destroy "+
		"(-replace, replace_triggered_by) needs nothing more. Otherwise a for_each key or a resource name changed without a moved block, or the membership "+
		"moved between contactcenter_skill_group_members and contactcenter_skill_group_member: within one resource type, a moved block from the old address "+
		"to the new one avoids the delete and create; between the two types no moved block applies, and the memberships stay as they are.", queID, joinIDs(agIDs))
}

// ImportState takes `<que_id>:<agent_id>`, or the identity's que_id and agent_id.
func (r *skillGroupMemberResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	id := req.ID
	if id == "" && req.Identity != nil {
		var q, a types.String
		resp.Diagnostics.Append(req.Identity.GetAttribute(ctx, path.Root("que_id"), &q)...)
		resp.Diagnostics.Append(req.Identity.GetAttribute(ctx, path.Root("agent_id"), &a)...)
		if resp.Diagnostics.HasError() {
			return
		}
		for name, v := range map[string]string{"que_id": q.ValueString(), "agent_id": a.ValueString()} {
			if n, err := strconv.ParseInt(v, 10, 64); err != nil || n <= 0 {
				resp.Diagnostics.AddError("Invalid Import Identity", fmt.Sprintf("A skill group member is imported as <que_id>:<agent_id>: identity.%s must be a positive numeric id, got %q.", name, v))
			}
		}
		if resp.Diagnostics.HasError() {
			return
		}
		id = q.ValueString() + ":" + a.ValueString()
	}
	queID, agID, err := tfkit.ParseIDPair(id)
	if err != nil {
		detail := "A skill group member is imported as <que_id>:<agent_id>: " + err.Error() + "."
		if strings.Contains(id, groupNamePrefix) || strings.Contains(id, agentNumKey.prefix) {
			// The keys of the group's and the agent's imports (an export's
			// imports.tf writes a membership by que_name:) name no member.
			detail += " A member takes no " + groupNamePrefix + " or " + agentNumKey.prefix + " key: write both numeric ids, which may be those of the group and the agent " +
				"imported in the same plan (id = \"${contactcenter_skill_group.x.id}:${contactcenter_agent.y.id}\"), or import the group's whole membership " +
				"(contactcenter_skill_group_members) as " + groupNamePrefix + "<group name>."
		}
		resp.Diagnostics.AddError("Invalid Import ID", detail)
		return
	}
	framework.SetImported(ctx, resp, fmt.Sprintf("%d:%d", queID, agID), map[string]any{
		"que_id": strconv.FormatInt(queID, 10), "agent_id": strconv.FormatInt(agID, 10),
	})
}

// get reads the membership m names; the agent missing from the group (or
// the group missing) is reported as not found.
func (r *skillGroupMemberResource) get(ctx context.Context, m *skillGroupMemberModel) error {
	queID, agID, err := tfkit.ParseIDPair(m.ID.ValueString())
	if err != nil {
		return err
	}
	members, found, err := groupMembers(ctx, r.Client, queID, strconv.FormatInt(agID, 10))
	if err != nil {
		return err
	}
	skill, in := members[agID]
	if !found || !in {
		return fmt.Errorf("agent %d in skill group %d: %w", agID, queID, client.ErrNotFound)
	}
	m.flatten(queID, agID, skill)
	return nil
}

func (m *skillGroupMemberModel) flatten(queID, agID, skill int64) {
	m.ID = types.StringValue(fmt.Sprintf("%d:%d", queID, agID))
	m.QueID = types.StringValue(strconv.FormatInt(queID, 10))
	m.AgentID = types.StringValue(strconv.FormatInt(agID, 10))
	m.Skill = types.Int64Value(skill)
}

// skillGroupMemberLister is the contactcenter_skill_group_member list
// resource: one result per agent in a group.
type skillGroupMemberLister = framework.Lister[membershipFilter, skillGroupMemberModel, groupAgent]

// groupAgent is one agent of one group.
type groupAgent struct {
	Group client.SkillGroup
	Agent client.GroupAgent
}

// NewSkillGroupMemberListResource lists the agents of skill groups, one
// result each, for `terraform query`.
func NewSkillGroupMemberListResource() list.ListResource {
	l := &skillGroupMemberLister{Resource: framework.NewResource("skill_group_member"), Plural: "skill group members",
		Description: "One result per agent in a group. Without a filter every group is read; `keyword` and `que_id` narrow the groups. " +
			"The agents of many groups are read in one call (API: queue/list, queue/get/agents).",
		Filters: membershipFilters,
		Display: func(a groupAgent) string { return fmt.Sprintf("%s: %s", a.Group.QueName, a.Agent.AgNum) },
		Flatten: func(_ context.Context, a groupAgent, m *skillGroupMemberModel) error {
			m.flatten(groupID(a.Group), a.Agent.AgID.Int64(), a.Agent.Skill.Int64())
			return nil
		},
	}
	l.Items = func(ctx context.Context, f membershipFilter) iter.Seq2[groupAgent, error] {
		return func(yield func(groupAgent, error) bool) {
			for g, err := range groupMemberships(ctx, l.Client, f) {
				if err != nil {
					yield(groupAgent{}, err)
					return
				}
				for _, a := range g.Agents {
					if !yield(groupAgent{Group: g.Group, Agent: a}, nil) {
						return
					}
				}
			}
		}
	}
	return l
}

// alreadyAssigned reports whether a queue/assign failure says the agent is
// already in the group (code 407, possibly inside the overall result).
func alreadyAssigned(err error) bool {
	e, ok := client.AsAPIError(err)
	if !ok {
		return false
	}
	if e.Code == 407 {
		return true
	}
	for _, it := range e.Items() {
		if it.Code == 407 {
			return true
		}
	}
	return false
}

type skillGroupMemberModel struct {
	ID      types.String `tfsdk:"id"`
	QueID   types.String `tfsdk:"que_id"`
	AgentID types.String `tfsdk:"agent_id"`
	Skill   types.Int64  `tfsdk:"skill"`
}
