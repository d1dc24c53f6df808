package resources

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure      = (*skillGroupMembersResource)(nil)
	_ resource.ResourceWithImportState    = (*skillGroupMembersResource)(nil)
	_ resource.ResourceWithIdentity       = (*skillGroupMembersResource)(nil)
	_ resource.ResourceWithValidateConfig = (*skillGroupMembersResource)(nil)
	_ list.ListResourceWithConfigure      = (*skillGroupMembersLister)(nil)
)

// membershipChunk is how many agents one assign / cancel_assign /
// update/skill call carries.
const membershipChunk = 100

// NewSkillGroupMembersResource returns the contactcenter_skill_group_members resource.
func NewSkillGroupMembersResource() resource.Resource {
	r := &skillGroupMembersResource{}
	r.Managed = framework.NewManaged("skill_group_members", "Skill Group Members", r.get)
	return r
}

type skillGroupMembersResource struct {
	framework.Managed[skillGroupMembersModel]
}

// membershipKeys names the memberships of the agents in group queID.
func membershipKeys[V any](queID int64, agents map[int64]V) []string {
	keys := make([]string, 0, len(agents))
	for ag := range agents {
		keys = append(keys, membershipKey(queID, ag))
	}
	return keys
}

func (r *skillGroupMembersResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "The whole membership of one skill group: which agents belong to it and with which skill level. " +
			"Authoritative: agents in the group that are not listed are removed, and changes made outside Terraform show as drift. " +
			"Differences are applied in chunks of 100 agents; a chunk of skill changes is applied whole or not at all " +
			"(API: queue/assign, queue/cancel_assign, queue/update/skill with `is_transaction = 1`; spec §4.6).\n\n" +
			"A group is managed by one form only, and by one configuration (two configurations with states of their own undo each other's memberships at every apply: a `contactcenter_skill_group_members` plan warns, naming the agents it removes that it did not put in the group (\"Agents Added Outside This Configuration Will Leave the Skill Group\"), while the other configuration's plan only shows them added again): either this resource, or `contactcenter_skill_group_member` resources, or the agents' `queue_ids`. " +
			"Mixing them makes each undo the other. When this resource is created for a group that already has agents it does not list, the plan warns, naming them (\"Agents Will Leave the Skill Group\"), and the apply removes them; so does the plan of an import whose group has agents members does not list " +
			"(added in the portal after the configuration was written, by `terraform query -generate-config-out` or by hand: \"Imported Skill Group Has Agents Members Does Not List\"). " +
			"Destroying it empties the group of the agents its state holds and of those the plan reads in the group (agents added outside Terraform before the plan included, also when the instance left the configuration, which Terraform 1.11 plans without refreshing it); the group itself stays. " +
			"Import by the group's id (`101`), by its name (`que_name:Support`) or by identity.\n\n" +
			membershipRekeyNote("contactcenter_skill_group_member"),
		Attributes: framework.Strict(map[string]schema.Attribute{
			"id":     framework.IDAttribute("The group id (`que_id`)."),
			"que_id": groupIDAttribute("The skill group (`que_id`), for example `contactcenter_skill_group.support.id`. Changing it replaces the resource."),
			"members": schema.SetNestedAttribute{
				Required: true, MarkdownDescription: "Every agent of the group with its skill level. An empty set empties the group. A set shows a changed skill as one member removed and one added " +
					"(`- { agent_id = \"1027\", skill = 8 }`, `+ { agent_id = \"1027\", skill = 9 }`): the agent stays in the group and only its skill level is updated.",
				// A whole group's roster: thousands of elements, which the
				// framework's own set type compares pair by pair.
				CustomType: tfkit.HashedSetOf(memberObjectType),
				// Checked on the set, not on each member's attributes: an
				// error at a set element's attribute prints its path with
				// Go's value of the element, members[Value({"agent_id":"x",
				// "skill":99})].agent_id.
				Validators: []validator.Set{membersRule},
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"agent_id": schema.StringAttribute{
						Required: true, MarkdownDescription: "The agent (`ag_id`), for example `contactcenter_agent.ann.id`.",
					},
					"skill": schema.Int64Attribute{
						Required:            true,
						MarkdownDescription: "Skill level of the agent in this group (`skill`), a whole number of at least `0`; with `que_strategy = 2` higher skill gets calls first.",
					},
				}},
			},
		}),
	}
}

// IdentitySchema: a membership is named by its group.
func (r *skillGroupMembersResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{Attributes: map[string]identityschema.Attribute{
		"que_id": identityschema.StringAttribute{RequiredForImport: true, Description: "The skill group's id (`que_id`)."},
	}}
}

// Create removes the agents the group holds that members does not list
// (with a warning naming them), so it cannot use Steps.Create.
func (r *skillGroupMembersResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan skillGroupMembersModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	queID, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("que_id"), plan.QueID.ValueString())
	desired, diags := plan.desired(ctx)
	resp.Diagnostics.Append(diags...)
	if !ok || resp.Diagnostics.HasError() {
		return
	}
	keys := membershipKeys(queID, desired)
	defer r.Claims.Lock(keys...)()
	defer r.Claims.Done(keys...)
	current, err := r.members(ctx, queID)
	if client.IsNotFound(err) {
		// "The object no longer exists; it may have been deleted outside
		// Terraform" was said of the membership being created: a literal
		// que_id (a generated configuration's) names a group deleted since,
		// a destroy and an apply again giving the new group another id.
		resp.Diagnostics.AddAttributeError(path.Root("que_id"), "Unable to Create Skill Group Members", noGroup(queID, err))
		return
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Create Skill Group Members", err)
		return
	}
	unmanaged := notListed(current, desired)
	if len(unmanaged) > 0 {
		resp.Diagnostics.AddAttributeWarning(path.Root("members"), "Skill Group Had Unlisted Agents",
			fmt.Sprintf("Skill group %d already had %d agent(s) that members does not list (ag_id %s). "+
				"contactcenter_skill_group_members manages the whole membership, so they were removed. "+
				"If they are managed by contactcenter_skill_group_member resources or by an agent's queue_ids, manage this group in one form only.",
				queID, len(unmanaged), strings.Join(unmanaged, ", ")))
	}
	claimMembers(r.Claims, walkOf(r.Client), queID, desired)
	if err := r.apply(ctx, queID, current, desired); err != nil {
		tfkit.AddErrorAt(&resp.Diagnostics, membersRefusal(err), "Unable to Create Skill Group Members",
			tfkit.APIErrorDetail(err)+r.partlyCreated(ctx, queID, current, desired, len(unmanaged) > 0, &plan, resp), nil, true)
		return
	}
	r.Claims.ClaimAs(keepClaimant(ctx, nil, resp.Private, &resp.Diagnostics), keys...)
	setAppliedMembers(ctx, resp.Private, desired, &resp.Diagnostics)
	plan.ID = types.StringValue(strconv.FormatInt(queID, 10))
	r.Steps.SaveCreated(ctx, &plan, resp)
	var read skillGroupMembersModel
	if !resp.State.Raw.IsNull() && !resp.State.Get(ctx, &read).HasError() {
		readBack, _ := read.desired(ctx)
		warnMembersBesideQueueIDs(r.Claims, walkOf(r.Client), queID, desired, &resp.Diagnostics, current, readBack)
	}
	framework.ReadBackDiffers(ctx, r.Steps.Title, "Create", req.Plan, &resp.State, &resp.Diagnostics)
}

// notListed are the agents of current that none of lists holds, as sorted
// ids: the ones a write of the whole membership removes unasked.
func notListed(current map[int64]int64, lists ...map[int64]int64) []string {
	var out []string
	for ag := range current {
		if !slices.ContainsFunc(lists, func(l map[int64]int64) bool { _, in := l[ag]; return in }) {
			out = append(out, strconv.FormatInt(ag, 10))
		}
	}
	slices.Sort(out)
	return out
}

// Update diffs against what the group holds now, not the prior state, so
// that drift is corrected too.
func (r *skillGroupMembersResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.Steps.Update(ctx, req, resp, func(ctx context.Context, plan, state *skillGroupMembersModel) error {
		queID := framework.ID(plan.QueID)
		desired, err := plan.desiredOrError(ctx)
		if err != nil {
			return err
		}
		prior, err := state.desiredOrError(ctx)
		if err != nil {
			return err
		}
		keys := membershipKeys(queID, desired)
		defer r.Claims.Lock(keys...)()
		defer r.Claims.Done(append(keys, membershipKeys(framework.ID(state.QueID), prior)...)...)
		current, err := r.members(ctx, queID)
		if err != nil {
			return err
		}
		claimMembers(r.Claims, walkOf(r.Client), queID, desired)
		if err := r.apply(ctx, queID, current, desired); err != nil {
			return membersRefusal(err)
		}
		warnMembersBesideQueueIDs(r.Claims, walkOf(r.Client), queID, desired, &resp.Diagnostics, current)
		// Agents neither the plan nor the state lists were added after the
		// plan was made (in the portal, or by another configuration's
		// contactcenter_skill_group_member): the plan could not show their
		// removal, so the apply says it.
		if since := notListed(current, desired, prior); len(since) > 0 {
			resp.Diagnostics.AddAttributeWarning(path.Root("members"), "Agents Added Since the Plan Were Removed",
				fmt.Sprintf("Skill group %d held %d agent(s) that neither this plan nor the state listed (ag_id %s): they were added after the plan read the group "+
					"(or before, and the plan was made with -refresh=false), in the portal or by another configuration. contactcenter_skill_group_members manages the whole membership, so they were removed. "+
					"If another configuration (a contactcenter_skill_group_member, an agent's queue_ids) manages them, manage this group in one place only: "+
					"each apply would undo the other's.", queID, len(since), strings.Join(since, ", ")))
		}
		r.Claims.ClaimAs(keepClaimant(ctx, req.Private, resp.Private, &resp.Diagnostics), keys...)
		setAppliedMembers(ctx, resp.Private, desired, &resp.Diagnostics)
		return nil
	})
}

// Delete removes only the agents this resource manages; one added since,
// outside Terraform, stays.
func (r *skillGroupMembersResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.Steps.Delete(ctx, req, resp, func(ctx context.Context, state *skillGroupMembersModel) error {
		queID := framework.ID(state.ID)
		managed, err := state.desiredOrError(ctx)
		if err != nil {
			return err
		}
		// The agents the plan read in the group, which a state planned
		// before its refresh (Terraform 1.11 for an instance taken out of
		// the configuration, -refresh=false) may lack: see readForDestroy.
		read, _ := applied(ctx, req.Private, destroyReadKey)
		for ag := range read {
			if _, in := managed[ag]; !in {
				managed[ag] = 0
			}
		}
		defer r.Claims.Lock(membershipKeys(queID, managed)...)()
		defer r.Claims.Done(membershipKeys(queID, managed)...)
		claimant := claimantOf(ctx, req.Private)
		current, err := r.members(ctx, queID)
		if err != nil {
			return err
		}
		want := maps.Clone(current)
		var kept []int64
		for ag := range managed {
			if r.Claims.ClaimedByOther(membershipKey(queID, ag), claimant) {
				kept = append(kept, ag)
				continue
			}
			delete(want, ag)
		}
		if len(kept) > 0 {
			slices.Sort(kept)
			resp.Diagnostics.AddWarning("Membership Kept", keptMessage(queID, kept))
		}
		return r.apply(ctx, queID, current, want)
	}, nil)
}

// ImportState takes the group's id, as the import id or as the identity's
// que_id, or the group's name as que_name:<name> (see groupNamePrefix).
func (r *skillGroupMembersResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if name, ok := strings.CutPrefix(req.ID, groupNamePrefix); ok {
		if queID, ok := importGroupByName(ctx, r.Client, name, "Skill Group Members", &resp.Diagnostics); ok {
			framework.SetImported(ctx, resp, queID, map[string]any{"que_id": queID})
			resp.Diagnostics.Append(resp.Private.SetKey(ctx, importedMembersKey, []byte(`true`))...)
		}
		return
	}
	id := req.ID
	if id == "" && req.Identity != nil {
		var q types.String
		resp.Diagnostics.Append(req.Identity.GetAttribute(ctx, path.Root("que_id"), &q)...)
		id = q.ValueString()
	}
	if resp.Diagnostics.HasError() {
		return
	}
	queID, ok := framework.NumericID(id)
	if !ok {
		summary, what, forms := "Invalid Import ID", "the import id", "numeric id (que_id) or as que_name:<group name>"
		if req.ID == "" {
			summary, what, forms = "Invalid Import Identity", "identity.que_id", "numeric id (que_id)"
		}
		resp.Diagnostics.AddError(summary, fmt.Sprintf("The membership of a skill group is imported by the group's %s; %s is %q.", forms, what, id))
		return
	}
	framework.SetImported(ctx, resp, queID, map[string]any{"que_id": queID})
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, importedMembersKey, []byte(`true`))...)
}

// Read refreshes the membership (Managed.Read); the read after an import
// records the agents it found as this configuration's
// (adoptImportedMembers).
func (r *skillGroupMembersResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.Managed.Read(ctx, req, resp)
	if resp.Diagnostics.HasError() || resp.State.Raw.IsNull() {
		return
	}
	var state skillGroupMembersModel
	if resp.State.Get(ctx, &state).HasError() {
		return
	}
	adoptImportedMembers(ctx, req.Private, resp.Private, state, &resp.Diagnostics)
}

// ValidateConfig refuses an agent listed twice (with two skill levels).
// members may be unknown, whole or in part (a for expression over agents
// not created yet); only the agent ids already known are compared.
func (r *skillGroupMembersResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var members tfkit.HashedSet
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("members"), &members)...)
	if resp.Diagnostics.HasError() || members.IsNull() || members.IsUnknown() {
		return
	}
	seen := map[string]bool{}
	for _, e := range members.Elements() {
		obj, ok := e.(types.Object)
		if !ok || obj.IsNull() || obj.IsUnknown() {
			continue
		}
		agent, ok := obj.Attributes()["agent_id"].(types.String)
		if !ok || agent.IsNull() || agent.IsUnknown() {
			continue
		}
		id := agent.ValueString()
		if seen[id] {
			resp.Diagnostics.AddAttributeError(path.Root("members"), "Agent Listed Twice",
				fmt.Sprintf("Agent %s appears more than once in members; an agent has one skill level per group: keep one entry for it, with the skill it should have.", id))
		}
		seen[id] = true
	}
}

// get reads the membership m names (its id) and flattens it into m.
func (r *skillGroupMembersResource) get(ctx context.Context, m *skillGroupMembersModel) error {
	queID := framework.ID(m.ID)
	current, err := r.members(ctx, queID)
	if err != nil {
		return err
	}
	return m.flatten(ctx, queID, current)
}

// members returns the group's agents and skills; the error satisfies
// client.IsNotFound when the group does not exist.
func (r *skillGroupMembersResource) members(ctx context.Context, queID int64) (map[int64]int64, error) {
	current, found, err := groupMembers(ctx, r.Client, queID, "")
	if err == nil && !found {
		err = fmt.Errorf("skill group %d: %w", queID, client.ErrNotFound)
	}
	return current, err
}

// groupMembers reads one group's agents (queue/get/agents). The answer
// omits unknown groups; a group missing from it is confirmed gone with
// queue/list before it is reported as such. reader, when not "", names the
// membership the read is for (GetAgentsFor): the member resources of a
// group share one answer.
func groupMembers(ctx context.Context, c *client.Client, queID int64, reader string) (map[int64]int64, bool, error) {
	items, found, err := groupAgents(ctx, c, queID, reader)
	if err != nil || !found {
		return nil, found, err
	}
	return agentSkills(items), true, nil
}

// groupAgents is groupMembers with the agents as read (their numbers too).
func groupAgents(ctx context.Context, c *client.Client, queID int64, reader string) ([]client.GroupAgent, bool, error) {
	data, err := c.Queues.GetAgentsFor(ctx, reader, queID)
	if err != nil {
		return nil, false, err
	}
	items, ok := data[strconv.FormatInt(queID, 10)]
	if !ok {
		if _, err := c.Queues.Get(ctx, queID); err != nil {
			if client.IsNotFound(err) {
				return nil, false, nil
			}
			return nil, false, err
		}
	}
	return items, true, nil
}

func agentSkills(items []client.GroupAgent) map[int64]int64 {
	out := make(map[int64]int64, len(items))
	for _, it := range items {
		out[it.AgID.Int64()] = it.Skill.Int64()
	}
	return out
}

// apply turns the difference between current and desired into cancel_assign,
// update/skill (is_transaction=1) and assign calls. Each call that fails is
// followed by a read of the membership (settled): when the call took effect
// anyway (its answer was lost after the platform acted) it counts as done.
func (r *skillGroupMembersResource) apply(ctx context.Context, queID int64, current, desired map[int64]int64) error {
	var remove []int64
	var change, add []client.AgentSkill
	for _, ag := range slices.Sorted(maps.Keys(current)) {
		want, keep := desired[ag]
		switch {
		case !keep:
			remove = append(remove, ag)
		case want != current[ag]:
			change = append(change, client.AgentSkill{AgID: ag, Skill: want})
		}
	}
	for _, ag := range slices.Sorted(maps.Keys(desired)) {
		if _, in := current[ag]; !in {
			add = append(add, client.AgentSkill{AgID: ag, Skill: desired[ag]})
		}
	}
	for chunk := range slices.Chunk(remove, membershipChunk) {
		write := func() error { return r.Client.Queues.CancelAssign(ctx, queID, chunk) }
		if err := settle(ctx, r.Client, queID, write, absent(chunk...)); err != nil {
			return err
		}
	}
	for chunk := range slices.Chunk(change, membershipChunk) {
		write := func() error { _, err := r.Client.Queues.UpdateSkill(ctx, queID, chunk, true); return err }
		if err := settle(ctx, r.Client, queID, write, present(chunk...)); err != nil {
			return err
		}
	}
	for chunk := range slices.Chunk(add, membershipChunk) {
		write := func() error { return r.Client.Queues.Assign(ctx, queID, chunk) }
		if err := settle(ctx, r.Client, queID, write, present(chunk...)); err != nil {
			return err
		}
	}
	return nil
}

// settle sends a membership write and makes sure of its outcome. When the
// write fails, the group's membership is read again: if it shows the write
// in effect (done), the write succeeded (the platform acted and the answer
// was lost, or, with code 407, the agent was already assigned with the
// wanted skill). If it does not and the failure was ambiguous (a lost
// connection or a 5xx), the write did not happen and is sent again, up to
// writeAttempts times. Nothing is re-sent without that read: an assign sent
// twice would fail with 407 on every later apply.
//
// A write that fails that way every time, or whose read fails after such a
// failure, ends with a client.UnsettledWriteError counting its sends: its
// error said "The service failed; retrying later may succeed (max_retries
// ...)" as if sent once, of an assign sent three times (max_retries does
// not set writeAttempts), and not that the membership was read back.
func settle(ctx context.Context, c *client.Client, queID int64, write func() error, done func(map[int64]int64) bool) error {
	var err error
	sends := 0
	for round := 1; round <= writeAttempts; round++ {
		if err = write(); err == nil {
			return nil
		}
		sends += client.AttemptsOf(err)
		members, found, rerr := groupMembers(ctx, c, queID, "")
		if rerr == nil && found && done(members) {
			tfkit.TFLog(ctx, "membership write failed but is in effect; adopted", map[string]any{"que_id": queID, "error": err.Error()})
			return nil
		}
		if !client.IsAmbiguous(err) || ctx.Err() != nil || (rerr == nil && !found) {
			return err
		}
		if rerr != nil || round == writeAttempts {
			return &client.UnsettledWriteError{Err: err, What: fmt.Sprintf("skill group %d's membership", queID), Rounds: round, Sends: sends, ReadErr: rerr}
		}
	}
	return err
}

// writeAttempts bounds how often one membership write is sent when its
// failures leave it undone.
const writeAttempts = 3

// present is done when every agent is in the group with its skill.
func present(agents ...client.AgentSkill) func(map[int64]int64) bool {
	return func(m map[int64]int64) bool {
		for _, a := range agents {
			if skill, in := m[a.AgID]; !in || skill != a.Skill {
				return false
			}
		}
		return true
	}
}

// absent is done when none of the agents is in the group.
func absent(agIDs ...int64) func(map[int64]int64) bool {
	return func(m map[int64]int64) bool {
		for _, ag := range agIDs {
			if _, in := m[ag]; in {
				return false
			}
		}
		return true
	}
}

// memberObjectType is the type of one element of members.
var memberObjectType = types.ObjectType{AttrTypes: map[string]attr.Type{"agent_id": types.StringType, "skill": framework.WholeNumber}}

// desired returns the members as ag_id → skill (at apply time every
// element is known).
func (m skillGroupMembersModel) desired(ctx context.Context) (map[int64]int64, diag.Diagnostics) {
	var items []skillGroupMemberItem
	diags := m.Members.ElementsAs(ctx, &items, false)
	out := make(map[int64]int64, len(items))
	for _, it := range items {
		if id, err := strconv.ParseInt(it.AgentID.ValueString(), 10, 64); err == nil {
			out[id] = it.Skill.ValueInt64()
		}
	}
	return out, diags
}

// plannedMembers is desired for a plan, with the count of members whose
// agent_id is known only at apply (an agent made in this plan, a data
// source read at apply), which desired leaves out: one of them may turn
// out to be any agent of the group, which the plan's warnings say, not
// guess (unknownStays).
func (m skillGroupMembersModel) plannedMembers(ctx context.Context) (agents map[int64]int64, unknown int, diags diag.Diagnostics) {
	agents, diags = m.desired(ctx)
	if diags.HasError() {
		return nil, 0, diags
	}
	var items []skillGroupMemberItem
	diags.Append(m.Members.ElementsAs(ctx, &items, false)...)
	for _, it := range items {
		if it.AgentID.IsUnknown() {
			unknown++
		}
	}
	return agents, unknown, diags
}

// unknownStays is the remark of a plan's warning of the agents a write of
// members removes, when unknown of its agent ids are known only at apply
// ("" when none is).
func unknownStays(unknown int) string {
	if unknown == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d agent id(s) of members are known only at apply; any of these agents they turn out to be stays)", unknown)
}

func (m skillGroupMembersModel) desiredOrError(ctx context.Context) (map[int64]int64, error) {
	out, diags := m.desired(ctx)
	if diags.HasError() {
		return nil, fmt.Errorf("reading members: %w", framework.DiagsError(diags))
	}
	return out, nil
}

// flatten sets the model from the group's membership, sorted by agent id.
func (m *skillGroupMembersModel) flatten(ctx context.Context, queID int64, current map[int64]int64) error {
	items := make([]skillGroupMemberItem, 0, len(current))
	for _, ag := range slices.Sorted(maps.Keys(current)) {
		items = append(items, skillGroupMemberItem{AgentID: types.StringValue(strconv.FormatInt(ag, 10)), Skill: types.Int64Value(current[ag])})
	}
	set, diags := types.SetValueFrom(ctx, memberObjectType, items)
	if diags.HasError() {
		return fmt.Errorf("flattening members: %w", framework.DiagsError(diags))
	}
	m.ID = types.StringValue(strconv.FormatInt(queID, 10))
	m.QueID = m.ID
	m.Members = tfkit.HashedSet{SetValue: set}
	return nil
}
