package resources

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure      = (*skillGroupMembersResource)(nil)
	_ resource.ResourceWithImportState    = (*skillGroupMembersResource)(nil)
	_ resource.ResourceWithValidateConfig = (*skillGroupMembersResource)(nil)
)

// numericIDRE matches the numeric ids held in string attributes.
var numericIDRE = regexp.MustCompile(`^[1-9][0-9]*$`)

// membershipChunk is how many agents one assign / cancel_assign /
// update/skill call carries.
const membershipChunk = 100

// NewSkillGroupMembersResource returns the contactcenter_skill_group_members resource.
func NewSkillGroupMembersResource() resource.Resource { return &skillGroupMembersResource{} }

type skillGroupMembersResource struct {
	client *client.Client
}

func (r *skillGroupMembersResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_skill_group_members"
}

func (r *skillGroupMembersResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "The whole membership of one skill group: which agents belong to it and with which skill level (spec §4.6). " +
			"Authoritative: agents in the group that are not listed are removed, and changes made outside Terraform show as drift. " +
			"Differences are applied with queue/assign, queue/cancel_assign and queue/update/skill (`is_transaction = 1`), in chunks of 100 agents.\n\n" +
			"A group is managed by one form only: either this resource, or `contactcenter_skill_group_member` resources, or the agents' `queue_ids`. " +
			"Mixing them makes each undo the other. When this resource is created for a group that already has agents it does not list, it removes them and warns.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true, MarkdownDescription: "The group id (`que_id`).",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"que_id": schema.StringAttribute{
				Required: true, MarkdownDescription: "The skill group (`que_id`), for example `contactcenter_skill_group.support.id`. Changing it replaces the resource.",
				Validators:    []validator.String{stringvalidator.RegexMatches(numericIDRE, "must be a numeric skill-group id")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"members": schema.SetNestedAttribute{
				Required: true, MarkdownDescription: "Every agent of the group with its skill level. An empty set empties the group.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"agent_id": schema.StringAttribute{
						Required: true, MarkdownDescription: "The agent (`ag_id`), for example `contactcenter_agent.ann.id`.",
						Validators: []validator.String{stringvalidator.RegexMatches(numericIDRE, "must be a numeric agent id")},
					},
					"skill": schema.Int64Attribute{
						Required: true, MarkdownDescription: "Skill level of the agent in this group (`skill`), a whole number of at least `0`; with `que_strategy = 2` higher skill gets calls first.",
						Validators: []validator.Int64{int64validator.AtLeast(0)},
					},
				}},
			},
		},
	}
}

func (r *skillGroupMembersResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *skillGroupMembersResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan skillGroupMembersModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	queID, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("que_id"), plan.QueID.ValueString())
	if !ok {
		return
	}
	current, found, err := r.members(ctx, queID)
	if err == nil && !found {
		err = fmt.Errorf("skill group %d: %w", queID, client.ErrNotFound)
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Create Skill Group Members", err)
		return
	}
	desired := plan.desired()
	var unmanaged []string
	for ag := range current {
		if _, ok := desired[ag]; !ok {
			unmanaged = append(unmanaged, strconv.FormatInt(ag, 10))
		}
	}
	if len(unmanaged) > 0 {
		slices.Sort(unmanaged)
		resp.Diagnostics.AddAttributeWarning(path.Root("members"), "Skill Group Had Unlisted Agents",
			fmt.Sprintf("Skill group %d already had %d agent(s) that members does not list (ag_id %s). "+
				"contactcenter_skill_group_members manages the whole membership, so they were removed. "+
				"If they are managed by contactcenter_skill_group_member resources or by an agent's queue_ids, manage this group in one form only.",
				queID, len(unmanaged), strings.Join(unmanaged, ", ")))
	}
	plan.ID = types.StringValue(strconv.FormatInt(queID, 10))
	if err := r.apply(ctx, queID, current, desired); err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Create Skill Group Members", err)
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *skillGroupMembersResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state skillGroupMembersModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	queID, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	current, found, err := r.members(ctx, queID)
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Skill Group Members", err)
		return
	}
	if !found {
		resp.State.RemoveResource(ctx)
		return
	}
	state.QueID = types.StringValue(strconv.FormatInt(queID, 10))
	state.Members = make([]skillGroupMemberItem, 0, len(current))
	for _, ag := range sortedKeys(current) {
		state.Members = append(state.Members, skillGroupMemberItem{
			AgentID: types.StringValue(strconv.FormatInt(ag, 10)), Skill: types.Int64Value(current[ag]),
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *skillGroupMembersResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan skillGroupMembersModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	queID, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("que_id"), plan.QueID.ValueString())
	if !ok {
		return
	}
	// Diff against what the group holds now, not the prior state, so that
	// drift is corrected too.
	current, found, err := r.members(ctx, queID)
	if err == nil && !found {
		err = fmt.Errorf("skill group %d: %w", queID, client.ErrNotFound)
	}
	if err == nil {
		err = r.apply(ctx, queID, current, plan.desired())
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Update Skill Group Members", err)
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *skillGroupMembersResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state skillGroupMembersModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	queID, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	current, found, err := r.members(ctx, queID)
	if err == nil && found {
		// Only the agents this resource manages are removed; one added
		// since, outside Terraform, stays.
		var remove []int64
		for ag := range state.desired() {
			if _, in := current[ag]; in {
				remove = append(remove, ag)
			}
		}
		err = r.cancel(ctx, queID, remove)
	}
	if err != nil && !client.IsNotFound(err) {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Delete Skill Group Members", err)
	}
}

func (r *skillGroupMembersResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if !numericIDRE.MatchString(req.ID) {
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("The membership of a skill group is imported by the group's numeric id (que_id), got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// ValidateConfig refuses an agent listed twice (with two skill levels).
func (r *skillGroupMembersResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m skillGroupMembersModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	seen := map[string]bool{}
	for _, it := range m.Members {
		if it.AgentID.IsNull() || it.AgentID.IsUnknown() {
			continue
		}
		id := it.AgentID.ValueString()
		if seen[id] {
			resp.Diagnostics.AddAttributeError(path.Root("members"), "Agent Listed Twice",
				fmt.Sprintf("Agent %s appears more than once in members; an agent has one skill level per group.", id))
		}
		seen[id] = true
	}
}

// members returns the group's agents and skills; found is false when the
// group does not exist.
func (r *skillGroupMembersResource) members(ctx context.Context, queID int64) (map[int64]int64, bool, error) {
	return groupMembers(ctx, r.client, queID)
}

// groupMembers reads one group's agents (queue/get/agents). The answer
// omits unknown groups; a group missing from it is confirmed gone with
// queue/list before it is reported as such.
func groupMembers(ctx context.Context, c *client.Client, queID int64) (map[int64]int64, bool, error) {
	data, err := c.Queues.GetAgents(ctx, queID)
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
	out := make(map[int64]int64, len(items))
	for _, it := range items {
		out[it.AgID.Int64()] = it.Skill.Int64()
	}
	return out, true, nil
}

// apply turns the difference between current and desired into cancel_assign,
// update/skill (is_transaction=1) and assign calls.
func (r *skillGroupMembersResource) apply(ctx context.Context, queID int64, current, desired map[int64]int64) error {
	var remove []int64
	var change, add []client.AgentSkill
	for _, ag := range sortedKeys(current) {
		want, keep := desired[ag]
		switch {
		case !keep:
			remove = append(remove, ag)
		case want != current[ag]:
			change = append(change, client.AgentSkill{AgID: ag, Skill: want})
		}
	}
	for _, ag := range sortedKeys(desired) {
		if _, in := current[ag]; !in {
			add = append(add, client.AgentSkill{AgID: ag, Skill: desired[ag]})
		}
	}
	if err := r.cancel(ctx, queID, remove); err != nil {
		return err
	}
	for chunk := range slices.Chunk(change, membershipChunk) {
		if _, err := r.client.Queues.UpdateSkill(ctx, queID, chunk, true); err != nil {
			return err
		}
	}
	for chunk := range slices.Chunk(add, membershipChunk) {
		if err := r.client.Queues.Assign(ctx, queID, chunk); err != nil {
			return err
		}
	}
	return nil
}

func (r *skillGroupMembersResource) cancel(ctx context.Context, queID int64, agIDs []int64) error {
	for chunk := range slices.Chunk(agIDs, membershipChunk) {
		if err := r.client.Queues.CancelAssign(ctx, queID, chunk); err != nil {
			return err
		}
	}
	return nil
}

func sortedKeys(m map[int64]int64) []int64 {
	out := make([]int64, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// desired returns the members as ag_id → skill.
func (m skillGroupMembersModel) desired() map[int64]int64 {
	out := make(map[int64]int64, len(m.Members))
	for _, it := range m.Members {
		id, err := strconv.ParseInt(it.AgentID.ValueString(), 10, 64)
		if err == nil {
			out[id] = it.Skill.ValueInt64()
		}
	}
	return out
}

type skillGroupMembersModel struct {
	ID      types.String           `tfsdk:"id"`
	QueID   types.String           `tfsdk:"que_id"`
	Members []skillGroupMemberItem `tfsdk:"members"`
}

type skillGroupMemberItem struct {
	AgentID types.String `tfsdk:"agent_id"`
	Skill   types.Int64  `tfsdk:"skill"`
}
