package resources

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure   = (*skillGroupMemberResource)(nil)
	_ resource.ResourceWithImportState = (*skillGroupMemberResource)(nil)
)

// NewSkillGroupMemberResource returns the contactcenter_skill_group_member resource.
func NewSkillGroupMemberResource() resource.Resource { return &skillGroupMemberResource{} }

type skillGroupMemberResource struct {
	client *client.Client
}

func (r *skillGroupMemberResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_skill_group_member"
}

func (r *skillGroupMemberResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "One agent in one skill group, with its skill level (spec §4.6: queue/assign, queue/update/skill, queue/cancel_assign). " +
			"Additive: other agents of the group are left alone. Import with `<que_id>:<agent_id>`.\n\n" +
			"A group is managed by one form only: either these per-agent resources, or one `contactcenter_skill_group_members` resource " +
			"(which removes every agent it does not list, including these), or the agents' `queue_ids`. Do not mix them for the same group.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true, MarkdownDescription: "`<que_id>:<agent_id>`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"que_id": schema.StringAttribute{
				Required: true, MarkdownDescription: "The skill group (`que_id`). Changing it replaces the resource.",
				Validators:    []validator.String{stringvalidator.RegexMatches(numericIDRE, "must be a numeric skill-group id")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"agent_id": schema.StringAttribute{
				Required: true, MarkdownDescription: "The agent (`ag_id`). Changing it replaces the resource.",
				Validators:    []validator.String{stringvalidator.RegexMatches(numericIDRE, "must be a numeric agent id")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"skill": schema.Int64Attribute{
				Optional: true, Computed: true, Default: int64default.StaticInt64(1),
				MarkdownDescription: "Skill level of the agent in the group (`skill`), at least `0`. Defaults to `1`. Changed in place with queue/update/skill.",
				Validators:          []validator.Int64{int64validator.AtLeast(0)},
			},
		},
	}
}

func (r *skillGroupMemberResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *skillGroupMemberResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan skillGroupMemberModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	queID, agID, ok := plan.ids(&resp.Diagnostics)
	if !ok {
		return
	}
	err := r.client.Queues.Assign(ctx, queID, []client.AgentSkill{{AgID: agID, Skill: plan.Skill.ValueInt64()}})
	if err != nil {
		detail := tfkit.APIErrorDetail(err)
		if alreadyAssigned(err) {
			detail += fmt.Sprintf("\n\nAgent %d is already in skill group %d. Import it with `terraform import <address> %d:%d`, "+
				"and check that the group is not also managed by contactcenter_skill_group_members or an agent's queue_ids.", agID, queID, queID, agID)
		}
		resp.Diagnostics.AddError("Unable to Create Skill Group Member", detail)
		return
	}
	plan.ID = types.StringValue(fmt.Sprintf("%d:%d", queID, agID))
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *skillGroupMemberResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state skillGroupMemberModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	queID, agID, err := tfkit.ParseIDPair(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("id"), "Invalid Identifier", err.Error())
		return
	}
	members, found, err := groupMembers(ctx, r.client, queID)
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Skill Group Member", err)
		return
	}
	skill, in := members[agID]
	if !found || !in {
		resp.State.RemoveResource(ctx)
		return
	}
	state.QueID = types.StringValue(strconv.FormatInt(queID, 10))
	state.AgentID = types.StringValue(strconv.FormatInt(agID, 10))
	state.Skill = types.Int64Value(skill)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *skillGroupMemberResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan skillGroupMemberModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	queID, agID, ok := plan.ids(&resp.Diagnostics)
	if !ok {
		return
	}
	if _, err := r.client.Queues.UpdateSkill(ctx, queID, []client.AgentSkill{{AgID: agID, Skill: plan.Skill.ValueInt64()}}, true); err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Update Skill Group Member", err)
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *skillGroupMemberResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state skillGroupMemberModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	queID, agID, ok := state.ids(&resp.Diagnostics)
	if !ok {
		return
	}
	err := r.client.Queues.CancelAssign(ctx, queID, []int64{agID})
	if err != nil && !client.IsNotFound(err) {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Delete Skill Group Member", err)
	}
}

func (r *skillGroupMemberResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	queID, agID, err := tfkit.ParseIDPair(req.ID)
	if err != nil {
		resp.Diagnostics.AddError("Invalid Import ID", "A skill group member is imported as <que_id>:<agent_id>: "+err.Error()+".")
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), fmt.Sprintf("%d:%d", queID, agID))...)
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

func (m skillGroupMemberModel) ids(diags interface {
	AddAttributeError(path.Path, string, string)
}) (int64, int64, bool) {
	q, err1 := strconv.ParseInt(m.QueID.ValueString(), 10, 64)
	a, err2 := strconv.ParseInt(m.AgentID.ValueString(), 10, 64)
	if err1 != nil || err2 != nil {
		diags.AddAttributeError(path.Root("id"), "Invalid Identifier",
			fmt.Sprintf("Expected numeric que_id and agent_id, got %q and %q.", m.QueID.ValueString(), m.AgentID.ValueString()))
		return 0, 0, false
	}
	return q, a, true
}

type skillGroupMemberModel struct {
	ID      types.String `tfsdk:"id"`
	QueID   types.String `tfsdk:"que_id"`
	AgentID types.String `tfsdk:"agent_id"`
	Skill   types.Int64  `tfsdk:"skill"`
}
