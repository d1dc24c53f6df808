package resources

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/float64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/float64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure      = (*outboundTaskResource)(nil)
	_ resource.ResourceWithImportState    = (*outboundTaskResource)(nil)
	_ resource.ResourceWithValidateConfig = (*outboundTaskResource)(nil)
)

// taskStatusNames maps the `status` attribute to the API's values (§3.4).
var taskStatusNames = map[string]int64{"closed": 0, "open": 1, "paused": 2}

// recallReasonKeys are the keys of recall_strategies.asr (§2.7.2): 1 user
// busy, 2 unreachable, 3 powered off, 4 suspended, 5 empty number, 11 call restricted.
var recallReasonKeys = []string{"1", "2", "3", "4", "5", "11"}

// worktimeTimeRE is a time of day in HH:mm:ss (§2.7.4).
var worktimeTimeRE = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$`)

// NewOutboundTaskResource returns the contactcenter_outbound_task resource.
func NewOutboundTaskResource() resource.Resource { return &outboundTaskResource{} }

type outboundTaskResource struct {
	client *client.Client
}

func (r *outboundTaskResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_outbound_task"
}

func recallRuleAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"recall": schema.Int64Attribute{
			Optional: true, MarkdownDescription: "Recall switch (`recall`): `0` off, `1` on.",
			Validators: []validator.Int64{int64validator.OneOf(0, 1)},
		},
		"recall_max_times": schema.Int64Attribute{
			Optional: true, MarkdownDescription: "How many times a number is recalled at most (`recall_max_times`), a whole number.",
			Validators: []validator.Int64{int64validator.AtLeast(0)},
		},
		"recall_interval": schema.ListAttribute{
			ElementType: types.Int64Type, Optional: true,
			MarkdownDescription: "Wait before each recall (`recall_interval`), a list of minutes: the first element before the first recall and so on.",
			Validators:          []validator.List{listvalidator.ValueInt64sAre(int64validator.AtLeast(0))},
		},
		"recall_interval_type": schema.Int64Attribute{
			Optional: true, MarkdownDescription: "Interval type (`recall_interval_type`); the spec does not state its meaning.",
		},
	}
}

func (r *outboundTaskResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	optInt := func(desc string, v ...validator.Int64) schema.Int64Attribute {
		return schema.Int64Attribute{Optional: true, MarkdownDescription: desc, Validators: v}
	}
	defInt := func(desc string, def int64, v ...validator.Int64) schema.Int64Attribute {
		return schema.Int64Attribute{Optional: true, Computed: true, Default: int64default.StaticInt64(def), MarkdownDescription: desc, Validators: v}
	}
	defBool := func(desc string) schema.BoolAttribute {
		return schema.BoolAttribute{Optional: true, Computed: true, Default: booldefault.StaticBool(false), MarkdownDescription: desc + " Defaults to `false`."}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "An outbound call task (project) of one of three kinds: predictive (`type = 1`), automatic (`3`) or robot (`4`) " +
			"(spec §4.3, §2.7). What is required depends on the type, and every rule is checked at plan time: " +
			"a predictive task needs `assigned_users`, `config.call_ratio_type` and `config.max_call_ratio` " +
			"(and `config.manual_call_ratio` when the ratio is manual); a robot task needs `config.tts`, `config.nlp_silence_time`, " +
			"`config.enable_scheduler`, `config.agent_wait_time`, `config.que_id` and `config.max_call_ratio`, and `assigned_users` " +
			"(members of the `que_id` group) when scheduling is on. `status` opens, pauses or closes the task.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true, MarkdownDescription: "The project id (`id`).",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name": schema.StringAttribute{
				Required: true, MarkdownDescription: "Project name (`name`).",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"type": schema.Int64Attribute{
				Required: true, MarkdownDescription: "Task type (`type`): `1` predictive, `3` automatic, `4` robot. Changing it replaces the task.",
				Validators:    []validator.Int64{int64validator.OneOf(1, 3, 4)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"context": schema.StringAttribute{
				Computed: true,
				MarkdownDescription: "Where a connected call goes (`context`), fixed by the type: `mc_transque` (type 1, to a skill group), " +
					"`mc_transivr` (type 3, to an IVR), `mc_transai` (type 4, to a robot).",
				PlanModifiers: []planmodifier.String{contextFromType{}},
			},
			"trans_to": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Transfer target (`trans_to`), read by `context`: the skill-group id for `mc_transque`, the IVR code for " +
					"`mc_transivr`, the robot script id for `mc_transai`.",
			},
			"dept_id": defInt("Department id (`dept_id`). Defaults to `0`.", 0, int64validator.AtLeast(0)),
			"status": schema.StringAttribute{
				Optional: true, Computed: true, Default: stringdefault.StaticString("closed"),
				MarkdownDescription: "Task status (`status`, §3.4): `closed`, `open` or `paused`. Opening and pausing use " +
					"projects/status/update; closing sends `status = 0` with updateOrCreate. Defaults to `closed`.",
				Validators: []validator.String{stringvalidator.OneOf("closed", "open", "paused")},
			},
			"priority": defInt("Weight of the task (`priority`) from `0` to `255`; a larger weight gets a larger share of calls. Defaults to `100`.",
				100, int64validator.Between(0, 255)),
			"concurrent": schema.Int64Attribute{
				Optional: true, Computed: true, MarkdownDescription: "Concurrent lines (`concurrent`). The service chooses when unset.",
				Validators:    []validator.Int64{int64validator.AtLeast(0)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"callers": schema.ListAttribute{
				ElementType: types.StringType, Optional: true,
				MarkdownDescription: "Caller numbers of the task (`callers`), e.g. trunk numbers from `contactcenter_trunk_numbers`.",
				Validators:          []validator.List{listvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1))},
			},
			"max_conn_secs":  defInt("Longest call duration (`max_conn_secs`), in seconds. Defaults to `300`.", 300, int64validator.AtLeast(0)),
			"timeout_secs":   defInt("Outbound time-out (`timeout_secs`), in seconds: a call not connected by then is hung up. Defaults to `30`.", 30, int64validator.AtLeast(0)),
			"max_queue_secs": defInt("Data freshness (`max_queue_secs`), in seconds: data not dialed within this time after receipt is not dialed; `0` is unlimited. Defaults to `0`.", 0, int64validator.AtLeast(0)),
			"enable_asr":     defBool("Whether speech recognition is on (`enable_asr`); it chooses between `recall_strategies.default` (off) and `recall_strategies.asr` (on)."),
			"config": schema.SingleNestedAttribute{
				Optional:            true,
				MarkdownDescription: "Dialing configuration (`config`, §2.7.1). Required for predictive and robot tasks.",
				Attributes: map[string]schema.Attribute{
					"webhook": schema.SingleNestedAttribute{
						Optional: true, MarkdownDescription: "Webhooks that receive this task's call events (`config.webhook`, §6.1).",
						Attributes: map[string]schema.Attribute{
							"enable": defBool("Whether pushes are sent (`enable`)."),
							"ids": schema.ListAttribute{
								ElementType: types.Int64Type, Optional: true,
								MarkdownDescription: "Webhook ids (`ids`), see `contactcenter_webhook`.",
							},
						},
					},
					"makecall_flag": defInt("Whole-call recording (`makecall_flag`): `0` no, `8` yes. Defaults to `0`.", 0, int64validator.OneOf(0, 8)),
					"call_ratio_type": optInt("Call ratio mode of a predictive task (`call_ratio_type`): `0` automatic, `1` manual. Required when `type = 1`.",
						int64validator.OneOf(0, 1)),
					"manual_call_ratio": schema.Float64Attribute{
						Optional: true, MarkdownDescription: "Manual call ratio (`manual_call_ratio`). Required when `call_ratio_type = 1`.",
						Validators: []validator.Float64{float64validator.AtLeast(0)},
					},
					"max_call_ratio": schema.Float64Attribute{
						Optional: true, MarkdownDescription: "Highest call ratio (`max_call_ratio`). Required when `type` is `1` or `4`.",
						Validators: []validator.Float64{float64validator.AtLeast(0)},
					},
					"init_call_ratio": schema.Float64Attribute{
						Optional: true, Computed: true, Default: float64default.StaticFloat64(1),
						MarkdownDescription: "Initial call ratio (`init_call_ratio`). Defaults to `1`.",
						Validators:          []validator.Float64{float64validator.AtLeast(0)},
					},
					"tts": schema.SingleNestedAttribute{
						Optional: true, MarkdownDescription: "Text-to-speech voice of a robot task (`tts`). Required when `type = 4`.",
						Attributes: map[string]schema.Attribute{
							"provider": schema.StringAttribute{
								Required: true, MarkdownDescription: "TTS provider (`provider`): `ali` or `tx`.",
								Validators: []validator.String{stringvalidator.OneOf("ali", "tx")},
							},
							"name": schema.StringAttribute{
								Required: true, MarkdownDescription: "Voice name (`name`).",
								Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
							},
							"voice": schema.StringAttribute{
								Optional: true, MarkdownDescription: "Voice (`voice`), the same value as `name`.",
							},
							"speed":  optInt("Speaking speed (`speed`)."),
							"pitch":  optInt("Pitch (`pitch`)."),
							"volume": optInt("Volume (`volume`)."),
							"options": schema.MapAttribute{
								ElementType: types.StringType, Optional: true,
								MarkdownDescription: "Further provider options (`options`), as text values.",
							},
						},
					},
					"nlp_silence_time": optInt("Sentence-break silence detection length (`nlp_silence_time`). Required when `type = 4`.", int64validator.AtLeast(0)),
					"enable_scheduler": schema.BoolAttribute{
						Optional: true, MarkdownDescription: "Smart scheduling switch (`enable_scheduler`). Required when `type = 4`; when `true`, `assigned_users` is required and each must belong to `que_id`.",
					},
					"agent_wait_time": optInt("How long an agent must be idle before receiving a call (`agent_wait_time`), in seconds. Required when `type = 4`.", int64validator.AtLeast(0)),
					"que_id":          optInt("Skill group for transfer to a person (`que_id`), see `contactcenter_skill_group`. Required when `type = 4`.", int64validator.AtLeast(1)),
				},
			},
			"recall_strategies": schema.SingleNestedAttribute{
				Optional:            true,
				MarkdownDescription: "Recall strategies (`recall_strategies`, §2.7.2) in the form the spec defines: `recall_interval` is a list of minutes and `recall_max_times` a whole number.",
				Attributes: map[string]schema.Attribute{
					"default": schema.SingleNestedAttribute{
						Optional: true, MarkdownDescription: "Strategy used when `enable_asr = false` (`default`).",
						Attributes: recallRuleAttributes(),
					},
					"asr": schema.MapNestedAttribute{
						Optional: true,
						MarkdownDescription: "Strategies used when `enable_asr = true` (`asr`), keyed by reason: `1` user busy, `2` unreachable, " +
							"`3` powered off, `4` suspended, `5` empty number, `11` call restricted.",
						NestedObject: schema.NestedAttributeObject{Attributes: recallRuleAttributes()},
						Validators:   []validator.Map{mapvalidator.KeysAre(stringvalidator.OneOf(recallReasonKeys...))},
					},
				},
			},
			"assigned_users": schema.ListNestedAttribute{
				Optional: true,
				MarkdownDescription: "Agents who take the calls (`assigned_users`, §2.7.3). Required when `type = 1`, and when `type = 4` with " +
					"`config.enable_scheduler = true` (then every agent must belong to `config.que_id`).",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"user_id": schema.Int64Attribute{
						Optional: true, MarkdownDescription: "Agent id (`user_id`). Exactly one of `user_id` and `user_num` is set.",
						Validators: []validator.Int64{
							int64validator.AtLeast(1),
							int64validator.ExactlyOneOf(path.MatchRelative().AtParent().AtName("user_num")),
						},
					},
					"user_num": schema.StringAttribute{
						Optional: true, MarkdownDescription: "Agent number (`user_num`). Exactly one of `user_id` and `user_num` is set.",
						Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
					},
					"conn_limit": defInt("Connection ceiling of the agent (`conn_limit`). Defaults to `0`.", 0, int64validator.AtLeast(0)),
				}},
				Validators: []validator.List{listvalidator.SizeAtLeast(1)},
			},
			"worktime": schema.SingleNestedAttribute{
				Optional: true, MarkdownDescription: "When the task dials (`worktime`, §2.7.4).",
				Attributes: map[string]schema.Attribute{
					"working": schema.MapAttribute{
						ElementType: types.ListType{ElemType: types.ListType{ElemType: types.StringType}},
						Required:    true,
						MarkdownDescription: "Working hours (`working`), keyed by weekday `\"0\"` (Sunday) to `\"6\"` (Saturday); each value is a " +
							"list of `[start, end]` pairs in `HH:mm:ss`, start before end.",
						Validators: []validator.Map{worktimeValidator{}},
					},
					"name": schema.StringAttribute{Optional: true, MarkdownDescription: "Alias of the schedule (`name`)."},
				},
			},
			"filter_rules": schema.SingleNestedAttribute{
				Optional: true, MarkdownDescription: "Filters applied to the task's data (`filter_rules`, §2.7.5).",
				Attributes: map[string]schema.Attribute{
					"history":              defBool("Filter imported data against history (`history`)."),
					"blacklist":            defBool("Filter imported data against the blacklist (`blacklist`)."),
					"call_blacklist":       defBool("Filter by the blacklist at call time (`call_blacklist`)."),
					"crm_protected_client": defBool("Filter protected customers at call time (`crm_protected_client`)."),
				},
			},
			"force_delete": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				MarkdownDescription: "Delete the task even while it is open (`is_force = 1` on projects/delete). Defaults to `false`: an open task is not deleted.",
			},
			"type_string": schema.StringAttribute{
				Computed: true, MarkdownDescription: "Name of the type (`type_string`).",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"status_string": schema.StringAttribute{Computed: true, MarkdownDescription: "Name of the status (`status_string`)."},
			"created_at": schema.StringAttribute{
				Computed: true, MarkdownDescription: "Creation time (`created_at`), `yyyy-mm-dd HH:ii:ss`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"updated_at": schema.StringAttribute{Computed: true, MarkdownDescription: "Last update time (`updated_at`), `yyyy-mm-dd HH:ii:ss`."},
		},
	}
}

func (r *outboundTaskResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *outboundTaskResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan outboundTaskModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	t := plan.expand(false)
	t.Status = taskFlexInt(taskStatusNames[plan.Status.ValueString()])
	id, err := r.client.Tasks.Create(ctx, t)
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Create Outbound Task", err)
		return
	}
	plan.ID = types.StringValue(strconv.FormatInt(id, 10))
	r.readInto(ctx, &plan, &resp.Diagnostics, "Unable to Read Outbound Task After Create")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *outboundTaskResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state outboundTaskModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	t, err := r.client.Tasks.Get(ctx, id)
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Outbound Task", err)
		return
	}
	state.flatten(t)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *outboundTaskResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state outboundTaskModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	want, had := plan.Status.ValueString(), state.Status.ValueString()
	t := plan.expand(true)
	t.ID = client.FlexInt(id)
	// Every edit carries the planned status: §2.7 defaults a request's
	// status to 0, so an edit without one could close an open task. It is
	// also how a task is closed (§3.4); status/update only opens and pauses.
	t.Status = taskFlexInt(taskStatusNames[want])
	if err := r.client.Tasks.Update(ctx, t); err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Update Outbound Task", err)
		return
	}
	if want != had && want != "closed" {
		if err := r.client.Tasks.SetStatus(ctx, id, taskStatusNames[want]); err != nil {
			tfkit.AddAPIError(&resp.Diagnostics, "Unable to Change Outbound Task Status", err)
			return
		}
	}
	r.readInto(ctx, &plan, &resp.Diagnostics, "Unable to Read Outbound Task After Update")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *outboundTaskResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state outboundTaskModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	err := r.client.Tasks.Delete(ctx, []int64{id}, state.ForceDelete.ValueBool())
	if err == nil || client.IsNotFound(err) {
		return
	}
	detail := tfkit.APIErrorDetail(err)
	if !state.ForceDelete.ValueBool() && state.Status.ValueString() == "open" {
		detail += "\n\nThe task is open. Set status = \"paused\" or \"closed\" and apply first, or set force_delete = true."
	}
	resp.Diagnostics.AddError("Unable to Delete Outbound Task", detail)
}

func (r *outboundTaskResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if n, err := strconv.ParseInt(req.ID, 10, 64); err != nil || n <= 0 {
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("An outbound task is imported by its numeric project id, got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("force_delete"), false)...)
}

// ValidateConfig checks the rules that depend on the type and on other
// fields (§2.7, §2.7.1, §2.7.3), so they fail at plan time.
func (r *outboundTaskResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var typ types.Int64
	var cfg types.Object
	var users types.List
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("type"), &typ)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("config"), &cfg)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("assigned_users"), &users)...)
	if resp.Diagnostics.HasError() || typ.IsNull() || typ.IsUnknown() || cfg.IsUnknown() || users.IsUnknown() {
		return
	}
	cp := path.Root("config")
	missing := func(name string) bool {
		if cfg.IsNull() {
			return true
		}
		v, ok := cfg.Attributes()[name]
		return !ok || v.IsNull()
	}
	known := func(name string) attr.Value {
		if cfg.IsNull() {
			return nil
		}
		v := cfg.Attributes()[name]
		if v == nil || v.IsNull() || v.IsUnknown() {
			return nil
		}
		return v
	}
	require := func(name, kind string, t int64) {
		if missing(name) {
			resp.Diagnostics.AddAttributeError(cp.AtName(name), "Missing Required Attribute",
				fmt.Sprintf("config.%s is required for a %s task (type = %d) (spec §2.7.1).", name, kind, t))
		}
	}
	noUsers := users.IsNull() || len(users.Elements()) == 0
	switch typ.ValueInt64() {
	case client.TaskTypePredictive:
		if noUsers {
			resp.Diagnostics.AddAttributeError(path.Root("assigned_users"), "Missing Required Attribute",
				"assigned_users is required for a predictive task (type = 1): list the agents who take the calls (spec §2.7, §2.7.3).")
		}
		require("call_ratio_type", "predictive", 1)
		require("max_call_ratio", "predictive", 1)
		if v, ok := known("call_ratio_type").(types.Int64); ok && v.ValueInt64() == 1 && missing("manual_call_ratio") {
			resp.Diagnostics.AddAttributeError(cp.AtName("manual_call_ratio"), "Missing Required Attribute",
				"config.manual_call_ratio is required when config.call_ratio_type = 1 (manual) (spec §2.7.1).")
		}
	case client.TaskTypeRobot:
		for _, name := range []string{"tts", "nlp_silence_time", "enable_scheduler", "agent_wait_time", "que_id", "max_call_ratio"} {
			require(name, "robot", 4)
		}
		if v, ok := known("enable_scheduler").(types.Bool); ok && v.ValueBool() && noUsers {
			resp.Diagnostics.AddAttributeError(path.Root("assigned_users"), "Missing Required Attribute",
				"assigned_users is required for a robot task (type = 4) with config.enable_scheduler = true; "+
					"each agent must belong to the skill group config.que_id (spec §2.7, §2.7.3).")
		}
	}
}

// readInto reads the task back after a write so computed values are known.
func (r *outboundTaskResource) readInto(ctx context.Context, m *outboundTaskModel, diags *diag.Diagnostics, summary string) {
	id, _ := strconv.ParseInt(m.ID.ValueString(), 10, 64)
	t, err := r.client.Tasks.Get(ctx, id)
	if err != nil {
		diags.AddError(summary, tfkit.APIErrorDetail(err))
		return
	}
	m.flatten(t)
}

// contextFromType plans `context` from `type` (§2.7), so it is known at plan time.
type contextFromType struct{}

func (contextFromType) Description(context.Context) string {
	return "Sets context from type: mc_transque (1), mc_transivr (3), mc_transai (4)."
}

func (m contextFromType) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (contextFromType) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	var typ types.Int64
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("type"), &typ)...)
	if typ.IsNull() || typ.IsUnknown() {
		return
	}
	if c, ok := client.TaskContexts[typ.ValueInt64()]; ok {
		resp.PlanValue = types.StringValue(c)
	}
}

// worktimeValidator checks worktime.working (§2.7.4): weekday keys "0"–"6",
// each a list of [start, end] pairs in HH:mm:ss with start before end.
type worktimeValidator struct{}

func (worktimeValidator) Description(context.Context) string {
	return `keys must be weekdays "0" (Sunday) to "6" (Saturday); values lists of [start, end] pairs in HH:mm:ss with start before end`
}

func (v worktimeValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (worktimeValidator) ValidateMap(ctx context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for day, v := range req.ConfigValue.Elements() {
		p := req.Path.AtMapKey(day)
		if len(day) != 1 || day[0] < '0' || day[0] > '6' {
			resp.Diagnostics.AddAttributeError(p, "Invalid Weekday",
				fmt.Sprintf("worktime.working key %q must be a weekday from \"0\" (Sunday) to \"6\" (Saturday) (spec §2.7.4).", day))
			continue
		}
		pairs, ok := v.(types.List)
		if !ok || pairs.IsUnknown() || pairs.IsNull() {
			continue
		}
		for i, pv := range pairs.Elements() {
			pair, ok := pv.(types.List)
			if !ok || pair.IsUnknown() {
				continue
			}
			var times []string
			complete := true
			for _, e := range pair.Elements() {
				s, ok := e.(types.String)
				if !ok || s.IsUnknown() {
					complete = false
					break
				}
				times = append(times, s.ValueString())
			}
			if !complete {
				continue
			}
			if len(times) != 2 || !worktimeTimeRE.MatchString(times[0]) || !worktimeTimeRE.MatchString(times[1]) {
				resp.Diagnostics.AddAttributeError(p.AtListIndex(i), "Invalid Working Hours",
					fmt.Sprintf("worktime.working[%q][%d] must be a [start, end] pair of times in HH:mm:ss, got %q (spec §2.7.4).", day, i, times))
				continue
			}
			if times[0] >= times[1] {
				resp.Diagnostics.AddAttributeError(p.AtListIndex(i), "Invalid Working Hours",
					fmt.Sprintf("worktime.working[%q][%d]: start %s must be before end %s (spec §2.7.4).", day, i, times[0], times[1]))
			}
		}
	}
}

// Conversions between the model and client.Task.

func taskFlexInt(v int64) *client.FlexInt { x := client.FlexInt(v); return &x }

func taskInt(v types.Int64) *client.FlexInt {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	return taskFlexInt(v.ValueInt64())
}

func taskFloat(v types.Float64) *client.FlexFloat {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	x := client.FlexFloat(v.ValueFloat64())
	return &x
}

func taskBool(v types.Bool) *client.FlexBool {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	x := client.FlexBool(v.ValueBool())
	return &x
}

func taskString(v types.String) *client.FlexString {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	x := client.FlexString(v.ValueString())
	return &x
}

// Optional values read back: nil is null, and a zero the API fills in for
// an attribute that was null stays null (tolerance for services that echo
// zeros for unset fields).
func taskReadInt(prior types.Int64, v *client.FlexInt) types.Int64 {
	if v == nil || (prior.IsNull() && *v == 0) {
		return types.Int64Null()
	}
	return types.Int64Value(int64(*v))
}

func taskReadFloat(prior types.Float64, v *client.FlexFloat) types.Float64 {
	if v == nil || (prior.IsNull() && *v == 0) {
		return types.Float64Null()
	}
	return types.Float64Value(float64(*v))
}

func taskReadBool(prior types.Bool, v *client.FlexBool) types.Bool {
	if v == nil || (prior.IsNull() && !bool(*v)) {
		return types.BoolNull()
	}
	return types.BoolValue(bool(*v))
}

func taskReadString(prior types.String, v *client.FlexString) types.String {
	if v == nil || (prior.IsNull() && *v == "") {
		return types.StringNull()
	}
	return types.StringValue(string(*v))
}

func taskPtrVal[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// expand builds the request. forUpdate sends empty lists and objects for
// absent ones, so an update replaces them (updateOrCreate keeps members that
// are not sent).
func (m outboundTaskModel) expand(forUpdate bool) client.Task {
	t := client.Task{
		Name: client.FlexString(m.Name.ValueString()), Type: client.FlexInt(m.Type.ValueInt64()),
		DeptID: taskInt(m.DeptID), Priority: taskInt(m.Priority), Concurrent: taskInt(m.Concurrent),
		MaxConnSecs: taskInt(m.MaxConnSecs), TimeoutSecs: taskInt(m.TimeoutSecs), MaxQueueSecs: taskInt(m.MaxQueueSecs),
		EnableASR: taskBool(m.EnableASR), TransTo: taskString(m.TransTo),
		Context: client.FlexString(client.TaskContexts[m.Type.ValueInt64()]),
	}
	for _, c := range m.Callers {
		t.Callers = append(t.Callers, client.FlexString(c.ValueString()))
	}
	for _, u := range m.AssignedUsers {
		t.AssignedUsers = append(t.AssignedUsers, client.AssignedUser{UserID: taskInt(u.UserID), UserNum: taskString(u.UserNum), ConnLimit: taskInt(u.ConnLimit)})
	}
	if c := m.Config; c != nil {
		tc := &client.TaskConfig{
			MakecallFlag: taskInt(c.MakecallFlag), CallRatioType: taskInt(c.CallRatioType), ManualCallRatio: taskFloat(c.ManualCallRatio),
			MaxCallRatio: taskFloat(c.MaxCallRatio), InitCallRatio: taskFloat(c.InitCallRatio), NLPSilenceTime: taskInt(c.NLPSilenceTime),
			EnableScheduler: taskBool(c.EnableScheduler), AgentWaitTime: taskInt(c.AgentWaitTime), QueID: taskInt(c.QueID),
		}
		if w := c.Webhook; w != nil {
			tc.Webhook = &client.TaskWebhook{Enable: taskBool(w.Enable), IDs: []client.FlexInt{}}
			for _, id := range w.IDs {
				tc.Webhook.IDs = append(tc.Webhook.IDs, client.FlexInt(id.ValueInt64()))
			}
		}
		if s := c.TTS; s != nil {
			tc.TTS = &client.TaskTTS{Provider: taskString(s.Provider), Name: taskString(s.Name), Voice: taskString(s.Voice),
				Speed: taskInt(s.Speed), Pitch: taskInt(s.Pitch), Volume: taskInt(s.Volume)}
			if s.Options != nil {
				tc.TTS.Options = client.FlexMap[json.RawMessage]{}
				for k, v := range s.Options {
					b, _ := json.Marshal(v.ValueString())
					tc.TTS.Options[k] = b
				}
			}
		}
		t.Config = tc
	}
	if rs := m.RecallStrategies; rs != nil {
		t.RecallStrategies = &client.RecallStrategies{}
		if rs.Default != nil {
			d := rs.Default.expand()
			t.RecallStrategies.Default = &d
		}
		if rs.ASR != nil {
			t.RecallStrategies.ASR = client.FlexMap[client.RecallRule]{}
			for k, v := range rs.ASR {
				t.RecallStrategies.ASR[k] = v.expand()
			}
		}
	}
	if w := m.Worktime; w != nil {
		t.Worktime = &client.Worktime{Working: client.FlexMap[[][]string]{}, Name: taskString(w.Name)}
		for k, v := range w.Working {
			t.Worktime.Working[k] = v
		}
	}
	if f := m.FilterRules; f != nil {
		t.FilterRules = &client.FilterRules{History: taskBool(f.History), Blacklist: taskBool(f.Blacklist),
			CallBlacklist: taskBool(f.CallBlacklist), CRMProtectedClient: taskBool(f.CRMProtectedClient)}
	}
	if forUpdate {
		if t.TransTo == nil {
			t.TransTo = new(client.FlexString)
		}
		if t.Callers == nil {
			t.Callers = []client.FlexString{}
		}
		if t.AssignedUsers == nil {
			t.AssignedUsers = []client.AssignedUser{}
		}
		if t.Config == nil {
			t.Config = &client.TaskConfig{}
		}
		if t.RecallStrategies == nil {
			t.RecallStrategies = &client.RecallStrategies{}
		}
		if t.Worktime == nil {
			t.Worktime = &client.Worktime{}
		}
		if t.FilterRules == nil {
			t.FilterRules = &client.FilterRules{}
		}
	}
	return t
}

func (r recallRuleModel) expand() client.RecallRule {
	out := client.RecallRule{Recall: taskInt(r.Recall), RecallMaxTimes: taskInt(r.RecallMaxTimes), RecallIntervalType: taskInt(r.RecallIntervalType)}
	for _, v := range r.RecallInterval {
		out.RecallInterval = append(out.RecallInterval, client.FlexInt(v.ValueInt64()))
	}
	return out
}

// flatten sets the model from the API's record, using the model's current
// values as the prior (see taskReadInt): objects the configuration left out stay
// null while the API holds only their defaults.
func (m *outboundTaskModel) flatten(t *client.Task) {
	m.ID = types.StringValue(strconv.FormatInt(int64(t.ID), 10))
	m.Name = types.StringValue(string(t.Name))
	m.Type = types.Int64Value(int64(t.Type))
	m.Context = types.StringValue(string(t.Context))
	if m.Context.ValueString() == "" {
		m.Context = types.StringValue(client.TaskContexts[int64(t.Type)])
	}
	m.DeptID = types.Int64Value(int64(taskPtrVal(t.DeptID)))
	m.Status = types.StringValue("closed")
	for name, v := range taskStatusNames {
		if v == int64(taskPtrVal(t.Status)) {
			m.Status = types.StringValue(name)
		}
	}
	m.Priority = types.Int64Value(int64(taskPtrVal(t.Priority)))
	m.Concurrent = types.Int64Value(int64(taskPtrVal(t.Concurrent)))
	m.MaxConnSecs = types.Int64Value(int64(taskPtrVal(t.MaxConnSecs)))
	m.TimeoutSecs = types.Int64Value(int64(taskPtrVal(t.TimeoutSecs)))
	m.MaxQueueSecs = types.Int64Value(int64(taskPtrVal(t.MaxQueueSecs)))
	m.EnableASR = types.BoolValue(bool(taskPtrVal(t.EnableASR)))
	m.TransTo = taskReadString(m.TransTo, t.TransTo)
	m.TypeString = types.StringValue(string(t.TypeString))
	m.StatusString = types.StringValue(string(t.StatusString))
	m.CreatedAt = types.StringValue(string(t.CreatedAt))
	m.UpdatedAt = types.StringValue(string(t.UpdatedAt))
	if m.ForceDelete.IsNull() || m.ForceDelete.IsUnknown() {
		m.ForceDelete = types.BoolValue(false)
	}

	if len(t.Callers) == 0 && m.Callers == nil {
		m.Callers = nil
	} else {
		m.Callers = make([]types.String, 0, len(t.Callers))
		for _, c := range t.Callers {
			m.Callers = append(m.Callers, types.StringValue(string(c)))
		}
	}

	if len(t.AssignedUsers) == 0 && m.AssignedUsers == nil {
		m.AssignedUsers = nil
	} else {
		prior := m.AssignedUsers
		m.AssignedUsers = make([]assignedUserModel, 0, len(t.AssignedUsers))
		for i, u := range t.AssignedUsers {
			var p assignedUserModel
			if i < len(prior) {
				p = prior[i]
			} else {
				p = assignedUserModel{UserID: types.Int64Value(0), UserNum: types.StringValue("")}
			}
			au := assignedUserModel{
				UserID: taskReadInt(p.UserID, u.UserID), UserNum: taskReadString(p.UserNum, u.UserNum),
				ConnLimit: types.Int64Value(int64(taskPtrVal(u.ConnLimit))),
			}
			// Exactly one identifier: the one configured, or user_id for an
			// imported entry the API names both ways.
			switch {
			case i < len(prior) && prior[i].UserID.IsNull() && !au.UserNum.IsNull():
				au.UserID = types.Int64Null()
			case !au.UserID.IsNull() && !au.UserNum.IsNull():
				au.UserNum = types.StringNull()
			}
			m.AssignedUsers = append(m.AssignedUsers, au)
		}
	}

	m.Config = flattenConfig(m.Config, t.Config)
	m.RecallStrategies = flattenRecall(m.RecallStrategies, t.RecallStrategies)

	if w := t.Worktime; w == nil || (len(w.Working) == 0 && taskPtrVal(w.Name) == "") {
		if m.Worktime == nil || w == nil {
			m.Worktime = nil
		} else {
			m.Worktime = &worktimeModel{Working: map[string][][]string{}, Name: taskReadString(m.Worktime.Name, w.Name)}
		}
	} else {
		prior := types.StringNull()
		if m.Worktime != nil {
			prior = m.Worktime.Name
		}
		m.Worktime = &worktimeModel{Working: map[string][][]string(w.Working), Name: taskReadString(prior, w.Name)}
		if m.Worktime.Working == nil {
			m.Worktime.Working = map[string][][]string{}
		}
	}

	if f := t.FilterRules; f == nil || (m.FilterRules == nil && !bool(taskPtrVal(f.History)) && !bool(taskPtrVal(f.Blacklist)) &&
		!bool(taskPtrVal(f.CallBlacklist)) && !bool(taskPtrVal(f.CRMProtectedClient))) {
		m.FilterRules = nil
	} else {
		m.FilterRules = &filterRulesModel{
			History: types.BoolValue(bool(taskPtrVal(f.History))), Blacklist: types.BoolValue(bool(taskPtrVal(f.Blacklist))),
			CallBlacklist: types.BoolValue(bool(taskPtrVal(f.CallBlacklist))), CRMProtectedClient: types.BoolValue(bool(taskPtrVal(f.CRMProtectedClient))),
		}
	}
}

func flattenConfig(prior *taskConfigModel, c *client.TaskConfig) *taskConfigModel {
	if c == nil {
		return nil
	}
	if prior == nil {
		// Left out of the configuration: stays null while the API holds
		// nothing but defaults (init_call_ratio 1, no recording, no webhook).
		onlyDefaults := c.CallRatioType == nil && c.ManualCallRatio == nil && c.MaxCallRatio == nil && c.TTS == nil &&
			c.NLPSilenceTime == nil && c.EnableScheduler == nil && c.AgentWaitTime == nil && c.QueID == nil &&
			taskPtrVal(c.MakecallFlag) == 0 && (c.InitCallRatio == nil || *c.InitCallRatio == 1) &&
			(c.Webhook == nil || (!bool(taskPtrVal(c.Webhook.Enable)) && len(c.Webhook.IDs) == 0))
		if onlyDefaults {
			return nil
		}
		// Import (or a first read): every member the API holds is shown.
		prior = &taskConfigModel{CallRatioType: types.Int64Value(0), ManualCallRatio: types.Float64Value(0), MaxCallRatio: types.Float64Value(0),
			NLPSilenceTime: types.Int64Value(0), EnableScheduler: types.BoolValue(false), AgentWaitTime: types.Int64Value(0), QueID: types.Int64Value(0)}
	}
	out := &taskConfigModel{
		MakecallFlag:    types.Int64Value(int64(taskPtrVal(c.MakecallFlag))),
		CallRatioType:   taskReadInt(prior.CallRatioType, c.CallRatioType),
		ManualCallRatio: taskReadFloat(prior.ManualCallRatio, c.ManualCallRatio),
		MaxCallRatio:    taskReadFloat(prior.MaxCallRatio, c.MaxCallRatio),
		InitCallRatio:   types.Float64Value(1),
		NLPSilenceTime:  taskReadInt(prior.NLPSilenceTime, c.NLPSilenceTime),
		EnableScheduler: taskReadBool(prior.EnableScheduler, c.EnableScheduler),
		AgentWaitTime:   taskReadInt(prior.AgentWaitTime, c.AgentWaitTime),
		QueID:           taskReadInt(prior.QueID, c.QueID),
	}
	// A value sent explicitly is kept even when it is the zero value.
	if c.CallRatioType != nil && !prior.CallRatioType.IsNull() {
		out.CallRatioType = types.Int64Value(int64(*c.CallRatioType))
	}
	if c.EnableScheduler != nil && !prior.EnableScheduler.IsNull() {
		out.EnableScheduler = types.BoolValue(bool(*c.EnableScheduler))
	}
	if c.InitCallRatio != nil {
		out.InitCallRatio = types.Float64Value(float64(*c.InitCallRatio))
	}
	if w := c.Webhook; w != nil && (prior.Webhook != nil || bool(taskPtrVal(w.Enable)) || len(w.IDs) > 0) {
		out.Webhook = &taskWebhookModel{Enable: types.BoolValue(bool(taskPtrVal(w.Enable)))}
		if len(w.IDs) > 0 || (prior.Webhook != nil && prior.Webhook.IDs != nil) {
			out.Webhook.IDs = make([]types.Int64, 0, len(w.IDs))
			for _, id := range w.IDs {
				out.Webhook.IDs = append(out.Webhook.IDs, types.Int64Value(int64(id)))
			}
		}
	}
	if s := c.TTS; s != nil {
		p := prior.TTS
		if p == nil {
			p = &ttsModel{Voice: types.StringValue(""), Speed: types.Int64Value(0), Pitch: types.Int64Value(0), Volume: types.Int64Value(0)}
		}
		out.TTS = &ttsModel{
			Provider: types.StringValue(string(taskPtrVal(s.Provider))), Name: types.StringValue(string(taskPtrVal(s.Name))),
			Voice: taskReadString(p.Voice, s.Voice), Speed: taskReadInt(p.Speed, s.Speed), Pitch: taskReadInt(p.Pitch, s.Pitch), Volume: taskReadInt(p.Volume, s.Volume),
		}
		if len(s.Options) > 0 || p.Options != nil {
			out.TTS.Options = map[string]types.String{}
			for k, raw := range s.Options {
				var str string
				if json.Unmarshal(raw, &str) != nil {
					str = string(raw)
				}
				out.TTS.Options[k] = types.StringValue(str)
			}
		}
	}
	return out
}

func flattenRecall(prior *recallStrategiesModel, rs *client.RecallStrategies) *recallStrategiesModel {
	if rs == nil || (rs.Default == nil && len(rs.ASR) == 0) {
		if prior == nil || rs == nil {
			return nil
		}
		return &recallStrategiesModel{}
	}
	if prior == nil {
		prior = &recallStrategiesModel{}
	}
	out := &recallStrategiesModel{}
	if rs.Default != nil {
		out.Default = flattenRecallRule(prior.Default, *rs.Default)
	}
	if len(rs.ASR) > 0 || prior.ASR != nil {
		out.ASR = map[string]recallRuleModel{}
		for k, v := range rs.ASR {
			var p *recallRuleModel
			if pr, ok := prior.ASR[k]; ok {
				p = &pr
			}
			out.ASR[k] = *flattenRecallRule(p, v)
		}
	}
	return out
}

func flattenRecallRule(prior *recallRuleModel, r client.RecallRule) *recallRuleModel {
	if prior == nil {
		prior = &recallRuleModel{Recall: types.Int64Value(0), RecallMaxTimes: types.Int64Value(0), RecallIntervalType: types.Int64Value(0)}
	}
	out := &recallRuleModel{
		Recall: taskReadInt(prior.Recall, r.Recall), RecallMaxTimes: taskReadInt(prior.RecallMaxTimes, r.RecallMaxTimes),
		RecallIntervalType: taskReadInt(prior.RecallIntervalType, r.RecallIntervalType),
	}
	// recall = 0 and recall_max_times = 0 are meaningful when sent.
	if r.Recall != nil && !prior.Recall.IsNull() {
		out.Recall = types.Int64Value(int64(*r.Recall))
	}
	if r.RecallMaxTimes != nil && !prior.RecallMaxTimes.IsNull() {
		out.RecallMaxTimes = types.Int64Value(int64(*r.RecallMaxTimes))
	}
	if r.RecallIntervalType != nil && !prior.RecallIntervalType.IsNull() {
		out.RecallIntervalType = types.Int64Value(int64(*r.RecallIntervalType))
	}
	if len(r.RecallInterval) > 0 || prior.RecallInterval != nil {
		out.RecallInterval = make([]types.Int64, 0, len(r.RecallInterval))
		for _, v := range r.RecallInterval {
			out.RecallInterval = append(out.RecallInterval, types.Int64Value(int64(v)))
		}
	}
	return out
}

type outboundTaskModel struct {
	ID               types.String           `tfsdk:"id"`
	Name             types.String           `tfsdk:"name"`
	Type             types.Int64            `tfsdk:"type"`
	Context          types.String           `tfsdk:"context"`
	TransTo          types.String           `tfsdk:"trans_to"`
	DeptID           types.Int64            `tfsdk:"dept_id"`
	Status           types.String           `tfsdk:"status"`
	Priority         types.Int64            `tfsdk:"priority"`
	Concurrent       types.Int64            `tfsdk:"concurrent"`
	Callers          []types.String         `tfsdk:"callers"`
	MaxConnSecs      types.Int64            `tfsdk:"max_conn_secs"`
	TimeoutSecs      types.Int64            `tfsdk:"timeout_secs"`
	MaxQueueSecs     types.Int64            `tfsdk:"max_queue_secs"`
	EnableASR        types.Bool             `tfsdk:"enable_asr"`
	Config           *taskConfigModel       `tfsdk:"config"`
	RecallStrategies *recallStrategiesModel `tfsdk:"recall_strategies"`
	AssignedUsers    []assignedUserModel    `tfsdk:"assigned_users"`
	Worktime         *worktimeModel         `tfsdk:"worktime"`
	FilterRules      *filterRulesModel      `tfsdk:"filter_rules"`
	ForceDelete      types.Bool             `tfsdk:"force_delete"`
	TypeString       types.String           `tfsdk:"type_string"`
	StatusString     types.String           `tfsdk:"status_string"`
	CreatedAt        types.String           `tfsdk:"created_at"`
	UpdatedAt        types.String           `tfsdk:"updated_at"`
}

type taskConfigModel struct {
	Webhook         *taskWebhookModel `tfsdk:"webhook"`
	MakecallFlag    types.Int64       `tfsdk:"makecall_flag"`
	CallRatioType   types.Int64       `tfsdk:"call_ratio_type"`
	ManualCallRatio types.Float64     `tfsdk:"manual_call_ratio"`
	MaxCallRatio    types.Float64     `tfsdk:"max_call_ratio"`
	InitCallRatio   types.Float64     `tfsdk:"init_call_ratio"`
	TTS             *ttsModel         `tfsdk:"tts"`
	NLPSilenceTime  types.Int64       `tfsdk:"nlp_silence_time"`
	EnableScheduler types.Bool        `tfsdk:"enable_scheduler"`
	AgentWaitTime   types.Int64       `tfsdk:"agent_wait_time"`
	QueID           types.Int64       `tfsdk:"que_id"`
}

type taskWebhookModel struct {
	Enable types.Bool    `tfsdk:"enable"`
	IDs    []types.Int64 `tfsdk:"ids"`
}

type ttsModel struct {
	Provider types.String            `tfsdk:"provider"`
	Name     types.String            `tfsdk:"name"`
	Voice    types.String            `tfsdk:"voice"`
	Speed    types.Int64             `tfsdk:"speed"`
	Pitch    types.Int64             `tfsdk:"pitch"`
	Volume   types.Int64             `tfsdk:"volume"`
	Options  map[string]types.String `tfsdk:"options"`
}

type recallStrategiesModel struct {
	Default *recallRuleModel           `tfsdk:"default"`
	ASR     map[string]recallRuleModel `tfsdk:"asr"`
}

type recallRuleModel struct {
	Recall             types.Int64   `tfsdk:"recall"`
	RecallMaxTimes     types.Int64   `tfsdk:"recall_max_times"`
	RecallInterval     []types.Int64 `tfsdk:"recall_interval"`
	RecallIntervalType types.Int64   `tfsdk:"recall_interval_type"`
}

type assignedUserModel struct {
	UserID    types.Int64  `tfsdk:"user_id"`
	UserNum   types.String `tfsdk:"user_num"`
	ConnLimit types.Int64  `tfsdk:"conn_limit"`
}

type worktimeModel struct {
	Working map[string][][]string `tfsdk:"working"`
	Name    types.String          `tfsdk:"name"`
}

type filterRulesModel struct {
	History            types.Bool `tfsdk:"history"`
	Blacklist          types.Bool `tfsdk:"blacklist"`
	CallBlacklist      types.Bool `tfsdk:"call_blacklist"`
	CRMProtectedClient types.Bool `tfsdk:"crm_protected_client"`
}
