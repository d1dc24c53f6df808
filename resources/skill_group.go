// Package resources holds the provider's managed resources, one per file.
package resources

import (
	"context"
	"fmt"
	"regexp"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure   = (*skillGroupResource)(nil)
	_ resource.ResourceWithImportState = (*skillGroupResource)(nil)
)

// waitAudioRE accepts -1 (blank tone), 0 (default tone) or a voice-file id.
var waitAudioRE = regexp.MustCompile(`^(-1|[0-9]+)$`)

// NewSkillGroupResource returns the contactcenter_skill_group resource.
func NewSkillGroupResource() resource.Resource { return &skillGroupResource{} }

type skillGroupResource struct {
	client *client.Client
}

func (r *skillGroupResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_skill_group"
}

// optionalInt is an optional integer the service fills in when unset.
func optionalInt(desc string, v ...validator.Int64) schema.Int64Attribute {
	return schema.Int64Attribute{
		Optional: true, Computed: true, MarkdownDescription: desc, Validators: v,
		PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
	}
}

func (r *skillGroupResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "A skill group (queue) that routes calls to agents (spec §4.6, §2.11). " +
			"Agents are placed in groups with `contactcenter_skill_group_members` or `contactcenter_skill_group_member`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true, MarkdownDescription: "The group id (`que_id`).",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"que_name": schema.StringAttribute{
				Required: true, MarkdownDescription: "Group name (`que_name`). Unique within the enterprise.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"que_priority": schema.Int64Attribute{
				Required:            true,
				MarkdownDescription: "Group priority (`que_priority`) from `0` to `255`; a smaller number is a higher priority.",
				Validators:          []validator.Int64{int64validator.Between(0, 255)},
			},
			"que_num": schema.StringAttribute{
				Optional: true, Computed: true, MarkdownDescription: "Group number (`que_num`). Unique within the enterprise when set.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"que_type": optionalInt("Direction (`que_type`): `0` inbound and outbound, `1` inbound, `2` outbound. "+
				"The spec lists it on the group but not among the add parameters; the provider sends it when set.",
				int64validator.OneOf(0, 1, 2)),
			"que_length": optionalInt("Maximum queue length (`que_length`), in callers.", int64validator.AtLeast(0)),
			"que_time":   optionalInt("Longest time in the queue (`que_time`), in seconds.", int64validator.AtLeast(0)),
			"ring_time":  optionalInt("Agent ring duration (`ring_time`), in seconds.", int64validator.AtLeast(0)),
			"next_wait":  optionalInt("After-call wait before the next call (`next_wait`), in seconds.", int64validator.AtLeast(0)),
			"b_announce": optionalInt("Announce the agent number to the caller (`b_announce`): `0` no, `1` yes.", int64validator.OneOf(0, 1)),
			"noans_times": optionalInt("Unanswered rings before `noans_action` applies (`noans_times`).",
				int64validator.AtLeast(0)),
			"noans_wait": optionalInt("Wait after an unanswered ring (`noans_wait`), in seconds.", int64validator.AtLeast(0)),
			"noans_action": schema.StringAttribute{
				Optional: true, Computed: true,
				MarkdownDescription: "What happens to an agent who does not answer (`noans_action`): `\"0\"` nothing, `\"1\"` set the agent busy.",
				Validators:          []validator.String{stringvalidator.OneOf("0", "1")},
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"que_strategy": optionalInt("Distribution strategy (`que_strategy`): `1` longest wait, `2` skill priority, `9` round robin.",
				int64validator.OneOf(1, 2, 9)),
			"wait_audio": schema.StringAttribute{
				Optional: true, Computed: true,
				MarkdownDescription: "Voice played while callers wait (`wait_audio`): a voice-file id (see `contactcenter_sound`), `\"-1\"` blank tone, `\"0\"` default tone.",
				Validators:          []validator.String{stringvalidator.RegexMatches(waitAudioRE, "must be -1, 0 or a voice-file id (digits)")},
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"auto_evaluate": schema.Int64Attribute{
				Optional: true, Computed: true, Default: int64default.StaticInt64(1),
				MarkdownDescription: "Ask callers for a satisfaction evaluation automatically (`auto_evaluate`): `0` no, `1` yes. Defaults to `1`.",
				Validators:          []validator.Int64{int64validator.OneOf(0, 1)},
			},
			"sound_name": schema.StringAttribute{
				Computed: true, MarkdownDescription: "Name of the wait voice (`sound_name`), when `wait_audio` is a voice file.",
			},
			"force_delete": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				MarkdownDescription: "Delete the group even when agents are still in it (`flag = 1` on queue/delete). " +
					"When `false` (the default) a group with agents cannot be deleted (code 404). Groups with signed-in agents can never be deleted (code 410).",
			},
		},
	}
}

func (r *skillGroupResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *skillGroupResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan skillGroupModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, err := r.client.Queues.Create(ctx, plan.expand())
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Create Skill Group", err)
		return
	}
	plan.ID = types.StringValue(id)
	r.readInto(ctx, &plan, &resp.Diagnostics, "Unable to Read Skill Group After Create")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *skillGroupResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state skillGroupModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	g, err := r.client.Queues.Get(ctx, id)
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Skill Group", err)
		return
	}
	state.flatten(g)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *skillGroupResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan skillGroupModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), plan.ID.ValueString())
	if !ok {
		return
	}
	if err := r.client.Queues.Update(ctx, id, plan.expand()); err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Update Skill Group", err)
		return
	}
	r.readInto(ctx, &plan, &resp.Diagnostics, "Unable to Read Skill Group After Update")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *skillGroupResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state skillGroupModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	err := r.client.Queues.Delete(ctx, id, state.ForceDelete.ValueBool())
	if err == nil || client.IsNotFound(err) {
		return
	}
	summary := "Unable to Delete Skill Group"
	if client.HasCode(err, 404) {
		resp.Diagnostics.AddError(summary, tfkit.APIErrorDetail(err)+
			"\n\nThe group still has agents. Remove them first, or set force_delete = true to delete the group with its agents' assignments.")
		return
	}
	tfkit.AddAPIError(&resp.Diagnostics, summary, err)
}

func (r *skillGroupResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if _, err := strconv.ParseInt(req.ID, 10, 64); err != nil {
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("A skill group is imported by its numeric id (que_id), got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("force_delete"), false)...)
}

// readInto reads the group back after a write so computed values are known.
func (r *skillGroupResource) readInto(ctx context.Context, m *skillGroupModel, diags *diag.Diagnostics, summary string) {
	id, _ := strconv.ParseInt(m.ID.ValueString(), 10, 64)
	g, err := r.client.Queues.Get(ctx, id)
	if err != nil {
		diags.AddError(summary, tfkit.APIErrorDetail(err))
		return
	}
	m.flatten(g)
}

func (m skillGroupModel) expand() client.SkillGroupInput {
	return client.SkillGroupInput{
		QueName:      m.QueName.ValueString(),
		QuePriority:  m.QuePriority.ValueInt64(),
		QueNum:       tfkit.StringPtr(m.QueNum),
		QueType:      tfkit.Int64Ptr(m.QueType),
		QueLength:    tfkit.Int64Ptr(m.QueLength),
		QueTime:      tfkit.Int64Ptr(m.QueTime),
		RingTime:     tfkit.Int64Ptr(m.RingTime),
		NextWait:     tfkit.Int64Ptr(m.NextWait),
		BAnnounce:    tfkit.Int64Ptr(m.BAnnounce),
		NoansTimes:   tfkit.Int64Ptr(m.NoansTimes),
		NoansWait:    tfkit.Int64Ptr(m.NoansWait),
		WaitAudio:    tfkit.StringPtr(m.WaitAudio),
		NoansAction:  tfkit.StringPtr(m.NoansAction),
		QueStrategy:  tfkit.Int64Ptr(m.QueStrategy),
		AutoEvaluate: tfkit.Int64Ptr(m.AutoEvaluate),
	}
}

func (m *skillGroupModel) flatten(g *client.SkillGroup) {
	m.ID = types.StringValue(string(g.ID))
	m.QueName = types.StringValue(string(g.QueName))
	m.QuePriority = types.Int64Value(int64(g.QuePriority))
	m.QueNum = types.StringValue(string(g.QueNum))
	m.QueType = types.Int64Value(int64(g.QueType))
	m.QueLength = types.Int64Value(int64(g.QueLength))
	m.QueTime = types.Int64Value(int64(g.QueTime))
	m.RingTime = types.Int64Value(int64(g.RingTime))
	m.NextWait = types.Int64Value(int64(g.NextWait))
	m.BAnnounce = types.Int64Value(int64(g.BAnnounce))
	m.NoansTimes = types.Int64Value(int64(g.NoansTimes))
	m.NoansWait = types.Int64Value(int64(g.NoansWait))
	m.NoansAction = types.StringValue(string(g.NoansAction))
	m.QueStrategy = types.Int64Value(int64(g.QueStrategy))
	m.WaitAudio = types.StringValue(string(g.WaitAudio))
	m.AutoEvaluate = types.Int64Value(int64(g.AutoEvaluate))
	m.SoundName = types.StringValue(string(g.SoundName))
	if m.ForceDelete.IsNull() || m.ForceDelete.IsUnknown() {
		m.ForceDelete = types.BoolValue(false)
	}
}

type skillGroupModel struct {
	ID           types.String `tfsdk:"id"`
	QueName      types.String `tfsdk:"que_name"`
	QuePriority  types.Int64  `tfsdk:"que_priority"`
	QueNum       types.String `tfsdk:"que_num"`
	QueType      types.Int64  `tfsdk:"que_type"`
	QueLength    types.Int64  `tfsdk:"que_length"`
	QueTime      types.Int64  `tfsdk:"que_time"`
	RingTime     types.Int64  `tfsdk:"ring_time"`
	NextWait     types.Int64  `tfsdk:"next_wait"`
	BAnnounce    types.Int64  `tfsdk:"b_announce"`
	NoansTimes   types.Int64  `tfsdk:"noans_times"`
	NoansWait    types.Int64  `tfsdk:"noans_wait"`
	NoansAction  types.String `tfsdk:"noans_action"`
	QueStrategy  types.Int64  `tfsdk:"que_strategy"`
	WaitAudio    types.String `tfsdk:"wait_audio"`
	AutoEvaluate types.Int64  `tfsdk:"auto_evaluate"`
	SoundName    types.String `tfsdk:"sound_name"`
	ForceDelete  types.Bool   `tfsdk:"force_delete"`
}
