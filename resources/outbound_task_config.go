package resources

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/float64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// The nested objects of an outbound task (§2.7.1–§2.7.5): their schema,
// with the spec's defaults, and their mapping to the API. Each object's
// scalar fields are mapped by name (framework.Flatten/Expand); lists, maps
// and sub-objects by hand.

// recallReasonKeys are the keys of recall_strategies.asr (§2.7.2): 1 user
// busy, 2 unreachable, 3 powered off, 4 suspended, 5 empty number, 11 call restricted.
var recallReasonKeys = []string{"1", "2", "3", "4", "5", "11"}

// worktimeTimeRE is a time of day in HH:mm:ss (§2.7.4).
var worktimeTimeRE = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$`)

func optInt(desc string, v ...validator.Int64) schema.Int64Attribute {
	return schema.Int64Attribute{Optional: true, MarkdownDescription: desc, Validators: v}
}

func optFloat(desc string) schema.Float64Attribute {
	return schema.Float64Attribute{Optional: true, MarkdownDescription: desc, Validators: []validator.Float64{tfkit.FloatAtLeast(0)}}
}

func defaultFalse(desc string) schema.BoolAttribute {
	return framework.DefaultBool(desc+" Defaults to `false`.", false)
}

// emptyList is an optional list that defaults to no elements.
func emptyList(elem attr.Type, desc string, v ...validator.List) schema.ListAttribute {
	return schema.ListAttribute{ElementType: elem, Optional: true, Computed: true, MarkdownDescription: desc + " Defaults to none.",
		Default: listdefault.StaticValue(types.ListValueMust(elem, nil)), Validators: v}
}

func taskConfigAttribute() schema.SingleNestedAttribute {
	return schema.SingleNestedAttribute{
		Optional:            true,
		MarkdownDescription: "Dialing configuration (`config`): webhooks, recording, call ratios and the robot's voice. Required for predictive and robot tasks.",
		Attributes: map[string]schema.Attribute{
			"webhook": schema.SingleNestedAttribute{
				Optional: true, MarkdownDescription: "Webhooks that receive this task's call events (`config.webhook`): each webhook's `event_type` says whether it gets the call record after hang-up or a push before each call.",
				Attributes: map[string]schema.Attribute{
					"enable": framework.DefaultBool("Whether pushes are sent (`enable`). Defaults to `false`: when it is not set, pushes turned on outside this configuration "+
						"(in the portal, or before the task was imported) are turned off by the next apply (the plan warns, \"Outbound Task Pushes Stopped by the Default\"; "+
						"`lifecycle { ignore_changes = [config.webhook.enable] }` leaves it to the portal).", false),
					"ids": emptyList(types.Int64Type, "Webhook ids (`ids`), see `contactcenter_webhook`. "+portalOrderNote, listvalidator.ValueInt64sAre(int64validator.AtLeast(1))),
				},
			},
			"makecall_flag": framework.DefaultInt64("Whole-call recording (`makecall_flag`): `0` no, `8` yes. Defaults to `0`: when it is not set, recording turned on outside this configuration "+
				"(in the portal, or before the task was imported) is turned off by the next apply (the plan warns, \"Outbound Task Recording Stopped by the Default\"; "+
				"`lifecycle { ignore_changes = [config.makecall_flag] }` leaves it to the portal).", 0, tfkit.OneOf(tfkit.Means(0, "no"), tfkit.Means(8, "yes"))),
			"call_ratio_type":   optInt("How the call ratio of a predictive task (the number of calls dialed per available agent) is set (`call_ratio_type`): `0` automatically, `1` manually, to `manual_call_ratio`. Required when `type = 1`; other types do not use it (nor `manual_call_ratio`), and the plan warns.", tfkit.OneOf(tfkit.Means(0, "automatically"), tfkit.Means(1, "manually"))),
			"manual_call_ratio": optFloat("The call ratio set by hand (`manual_call_ratio`). Required when `call_ratio_type = 1`."),
			"max_call_ratio":    optFloat("Highest call ratio (`max_call_ratio`). Required when `type` is `1` or `4`."),
			"init_call_ratio": schema.Float64Attribute{
				Optional: true, Computed: true, Default: float64default.StaticFloat64(1),
				MarkdownDescription: "Call ratio the task starts with (`init_call_ratio`). Defaults to `1`.",
				Validators:          []validator.Float64{tfkit.FloatAtLeast(0)},
			},
			"tts": schema.SingleNestedAttribute{
				Optional: true, MarkdownDescription: "Text-to-speech voice of a robot task (`tts`). Required when `type = 4`.",
				Attributes: map[string]schema.Attribute{
					"provider": schema.StringAttribute{
						Required: true, MarkdownDescription: "TTS provider (`provider`): `ali` or `tx`.",
						Validators: []validator.String{stringvalidator.OneOf("ali", "tx")},
					},
					"name": schema.StringAttribute{
						Optional: true, MarkdownDescription: "Voice name (`name`). Unset, the provider's default voice speaks " +
							"(a task made in the portal may have none).",
						Validators: []validator.String{nestedNameRule},
					},
					"voice": schema.StringAttribute{
						Optional: true, MarkdownDescription: "Voice (`voice`), the same value as `name`.",
						Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
					},
					"speed":  optInt("Speaking speed (`speed`)."),
					"pitch":  optInt("Pitch (`pitch`)."),
					"volume": optInt("Volume (`volume`)."),
					"options": schema.MapAttribute{
						ElementType: types.StringType, Optional: true, Computed: true,
						Default: mapdefault.StaticValue(types.MapValueMust(types.StringType, nil)),
						MarkdownDescription: "Further provider options (`options`), as text values. An option the platform holds as a number or a boolean " +
							"(set outside Terraform) reads as its text, and keeps its type on the platform while that text is unchanged. Defaults to none.",
					},
				},
			},
			"nlp_silence_time": optInt("How long a silence must last for the robot to take the caller's sentence as finished (`nlp_silence_time`). Required when `type = 4`.", int64validator.AtLeast(0)),
			"enable_scheduler": schema.BoolAttribute{
				Optional: true, MarkdownDescription: "Smart scheduling switch (`enable_scheduler`). Required when `type = 4`; when `true`, `assigned_users` is required and each must belong to `que_id`.",
			},
			"agent_wait_time": optInt("How long an agent must be idle before receiving a call (`agent_wait_time`), in seconds. Required when `type = 4`.", int64validator.AtLeast(0)),
			"que_id":          optInt("Skill group for transfer to a person (`que_id`), see `contactcenter_skill_group`. Required when `type = 4`.", int64validator.AtLeast(1)),
		},
	}
}

func recallRuleAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"recall":           optInt("Recall switch (`recall`): `0` off, `1` on.", tfkit.OneOf(tfkit.Means(0, "off"), tfkit.Means(1, "on"))),
		"recall_max_times": optInt("How many times a number is recalled at most (`recall_max_times`), a whole number.", int64validator.AtLeast(0)),
		"recall_interval": emptyList(types.Int64Type,
			"Wait before each recall (`recall_interval`), a list of minutes: the first element before the first recall and so on.",
			listvalidator.ValueInt64sAre(int64validator.AtLeast(0))),
		"recall_interval_type": optInt("Interval type (`recall_interval_type`). The platform does not document its values; the provider sends the number as set."),
	}
}

func recallStrategiesAttribute() schema.SingleNestedAttribute {
	return schema.SingleNestedAttribute{
		Optional: true,
		MarkdownDescription: "When and how often a number that was not reached is dialed again (`recall_strategies`): `recall_interval` is a list of minutes " +
			"and `recall_max_times` a whole number.",
		Attributes: map[string]schema.Attribute{
			"default": schema.SingleNestedAttribute{
				Optional: true, MarkdownDescription: "Strategy used when `enable_asr = false` (`default`); set with `enable_asr = true`, the plan warns that it is not used.",
				Attributes: recallRuleAttributes(),
			},
			"asr": schema.MapNestedAttribute{
				Optional: true,
				MarkdownDescription: "Strategies used when `enable_asr = true` (`asr`), keyed by reason: `1` user busy, `2` unreachable, " +
					"`3` powered off, `4` suspended, `5` empty number, `11` call restricted. Set while `enable_asr` is false, the plan warns that they are not used.",
				NestedObject: schema.NestedAttributeObject{Attributes: recallRuleAttributes()},
				Validators:   []validator.Map{mapvalidator.KeysAre(stringvalidator.OneOf(recallReasonKeys...))},
			},
		},
	}
}

func worktimeAttribute() schema.SingleNestedAttribute {
	return schema.SingleNestedAttribute{
		Optional: true, MarkdownDescription: "When the task dials (`worktime`): its working hours on each weekday.",
		Attributes: map[string]schema.Attribute{
			"working": schema.MapAttribute{
				ElementType: types.ListType{ElemType: types.ListType{ElemType: types.StringType}},
				Required:    true,
				MarkdownDescription: "Working hours (`working`), keyed by weekday `\"0\"` (Sunday) to `\"6\"` (Saturday); each value is a " +
					"list of `[start, end]` pairs in `HH:mm:ss`, start before end.",
				Validators: []validator.Map{worktimeRule},
			},
			"name": schema.StringAttribute{Optional: true, MarkdownDescription: "Alias of the schedule (`name`).",
				Validators: []validator.String{nestedNameRule}},
		},
	}
}

func filterRulesAttribute() schema.SingleNestedAttribute {
	return schema.SingleNestedAttribute{
		Optional: true, MarkdownDescription: "Which numbers of the task's data are skipped (`filter_rules`), when the data is imported or when it is dialed.",
		Attributes: map[string]schema.Attribute{
			"history":              defaultFalse("Filter imported data against history (`history`)."),
			"blacklist":            defaultFalse("Filter imported data against the blacklist (`blacklist`)."),
			"call_blacklist":       defaultFalse("Filter by the blacklist at call time (`call_blacklist`)."),
			"crm_protected_client": defaultFalse("Filter protected customers at call time (`crm_protected_client`)."),
		},
	}
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

// orInt and friends give a field the spec's default when the API leaves it out.
func orInt(v types.Int64, def int64) types.Int64 {
	if v.IsNull() {
		return types.Int64Value(def)
	}
	return v
}

func orFalse(v types.Bool) types.Bool {
	if v.IsNull() {
		return types.BoolValue(false)
	}
	return v
}

func int64s(l []client.FlexInt) []types.Int64 {
	out := make([]types.Int64, 0, len(l))
	for _, v := range l {
		out = append(out, types.Int64Value(int64(v)))
	}
	return out
}

func flexInts(l []types.Int64) []client.FlexInt {
	out := make([]client.FlexInt, 0, len(l))
	for _, v := range l {
		out = append(out, client.FlexInt(v.ValueInt64()))
	}
	return out
}

func (c *taskConfigModel) expand() *client.TaskConfig {
	if c == nil {
		return nil
	}
	var out client.TaskConfig
	framework.Expand(*c, &out)
	if w := c.Webhook; w != nil {
		out.Webhook = &client.TaskWebhook{IDs: flexInts(w.IDs)}
		framework.Expand(*w, out.Webhook)
	}
	if s := c.TTS; s != nil {
		out.TTS = &client.TaskTTS{}
		framework.Expand(*s, out.TTS)
		if len(s.Options) > 0 {
			out.TTS.Options = client.FlexMap[json.RawMessage]{}
			for k, v := range s.Options {
				out.TTS.Options[k], _ = json.Marshal(v.ValueString())
			}
		}
	}
	return &out
}

// flattenConfig reads config, the webhook ids in prior's order when only
// their order changed (inPriorOrder); flattenConfig(nil, nil) is a config
// never sent.
func flattenConfig(prior *taskConfigModel, c *client.TaskConfig) *taskConfigModel {
	if c == nil {
		c = &client.TaskConfig{}
	}
	var out taskConfigModel
	framework.Flatten(c, &out)
	out.MakecallFlag = orInt(out.MakecallFlag, 0)
	if out.InitCallRatio.IsNull() {
		out.InitCallRatio = framework.DecimalFloat64(1) // as Flatten makes it: keep compares the models with reflect.DeepEqual
	}
	if w := c.Webhook; w != nil {
		out.Webhook = &taskWebhookModel{IDs: int64s(w.IDs)}
		framework.Flatten(w, out.Webhook)
		out.Webhook.Enable = orFalse(out.Webhook.Enable)
		if prior != nil && prior.Webhook != nil {
			out.Webhook.IDs = inPriorOrder(prior.Webhook.IDs, out.Webhook.IDs, func(p, r types.Int64) bool { return p.Equal(r) })
		}
	}
	if s := c.TTS; s != nil {
		out.TTS = &ttsModel{Options: map[string]types.String{}}
		framework.Flatten(s, out.TTS)
		// An empty name or voice is no voice named: null, as unset.
		for _, v := range []*types.String{&out.TTS.Name, &out.TTS.Voice} {
			if v.ValueString() == "" {
				*v = types.StringNull()
			}
		}
		for k, raw := range s.Options {
			var str string
			if json.Unmarshal(raw, &str) != nil {
				str = string(raw)
			}
			out.TTS.Options[k] = types.StringValue(str)
		}
	}
	return &out
}

func (rs *recallStrategiesModel) expand() *client.RecallStrategies {
	if rs == nil {
		return nil
	}
	out := &client.RecallStrategies{Default: rs.Default.expand()}
	if rs.ASR != nil {
		out.ASR = client.FlexMap[client.RecallRule]{}
		for k, v := range rs.ASR {
			out.ASR[k] = *v.expand()
		}
	}
	return out
}

// flattenRecall reads recall_strategies; asr stays null while it is empty
// and the model does not have it.
func flattenRecall(prior *recallStrategiesModel, rs *client.RecallStrategies) *recallStrategiesModel {
	if rs == nil {
		rs = &client.RecallStrategies{}
	}
	out := &recallStrategiesModel{}
	if rs.Default != nil {
		out.Default = flattenRecallRule(*rs.Default)
	}
	if len(rs.ASR) > 0 || (prior != nil && prior.ASR != nil) {
		out.ASR = map[string]recallRuleModel{}
		for k, v := range rs.ASR {
			out.ASR[k] = *flattenRecallRule(v)
		}
	}
	return out
}

func (r *recallRuleModel) expand() *client.RecallRule {
	if r == nil {
		return nil
	}
	out := client.RecallRule{RecallInterval: flexInts(r.RecallInterval)}
	framework.Expand(*r, &out)
	return &out
}

func flattenRecallRule(r client.RecallRule) *recallRuleModel {
	out := recallRuleModel{RecallInterval: int64s(r.RecallInterval)}
	framework.Flatten(r, &out)
	return &out
}

func (w *worktimeModel) expand() *client.Worktime {
	if w == nil {
		return nil
	}
	out := &client.Worktime{Working: client.FlexMap[[][]string](w.Working)}
	framework.Expand(*w, out)
	return out
}

func flattenWorktime(w *client.Worktime) *worktimeModel {
	if w == nil {
		w = &client.Worktime{}
	}
	out := &worktimeModel{Working: map[string][][]string(w.Working)}
	if out.Working == nil {
		out.Working = map[string][][]string{}
	}
	framework.Flatten(w, out)
	if out.Name.ValueString() == "" {
		out.Name = types.StringNull()
	}
	return out
}

func (f *filterRulesModel) expand() *client.FilterRules {
	if f == nil {
		return nil
	}
	var out client.FilterRules
	framework.Expand(*f, &out)
	return &out
}

func flattenFilterRules(f *client.FilterRules) *filterRulesModel {
	if f == nil {
		f = &client.FilterRules{}
	}
	var out filterRulesModel
	framework.Flatten(f, &out)
	out.History, out.Blacklist = orFalse(out.History), orFalse(out.Blacklist)
	out.CallBlacklist, out.CRMProtectedClient = orFalse(out.CallBlacklist), orFalse(out.CRMProtectedClient)
	return &out
}

// contextFromType plans `context` from `type` (§2.7), so it is known at plan time.
type contextFromType struct{ framework.Described }

var planContextFromType = contextFromType{"Sets context from type: mc_transque (1), mc_transivr (3), mc_transai (4)."}

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
type worktimeValidator struct{ framework.Described }

var worktimeRule = worktimeValidator{`keys must be weekdays "0" (Sunday) to "6" (Saturday); values lists of [start, end] pairs in HH:mm:ss with start before end`}

func (worktimeValidator) ValidateMap(ctx context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for day, v := range req.ConfigValue.Elements() {
		p := req.Path.AtMapKey(day)
		if len(day) != 1 || day[0] < '0' || day[0] > '6' {
			resp.Diagnostics.AddAttributeError(p, "Invalid Weekday",
				fmt.Sprintf("worktime.working key %q must be a weekday from \"0\" (Sunday) to \"6\" (Saturday).", day))
			continue
		}
		pairs, ok := v.(types.List)
		if !ok || pairs.IsUnknown() || pairs.IsNull() {
			continue
		}
		for i, pv := range pairs.Elements() {
			times, ok := knownStrings(pv)
			if !ok {
				continue
			}
			if len(times) != 2 || !worktimeTimeRE.MatchString(times[0]) || !worktimeTimeRE.MatchString(times[1]) {
				resp.Diagnostics.AddAttributeError(p.AtListIndex(i), "Invalid Working Hours",
					fmt.Sprintf("worktime.working[%q][%d] must be a [start, end] pair of times in HH:mm:ss, got %q.", day, i, times))
				continue
			}
			if times[0] >= times[1] {
				resp.Diagnostics.AddAttributeError(p.AtListIndex(i), "Invalid Working Hours",
					fmt.Sprintf("worktime.working[%q][%d]: start %s must be before end %s.", day, i, times[0], times[1]))
			}
		}
	}
}

// knownStrings returns the elements of a list of strings when all are known.
func knownStrings(v attr.Value) ([]string, bool) {
	l, ok := v.(types.List)
	if !ok || l.IsUnknown() {
		return nil, false
	}
	var out []string
	for _, e := range l.Elements() {
		s, ok := e.(types.String)
		if !ok || s.IsUnknown() {
			return nil, false
		}
		out = append(out, s.ValueString())
	}
	return out, true
}

// nestedNameNotEmpty refuses an empty name nested in an object
// (config.tts.name, worktime.name) at that object, not at the name:
// Terraform before 1.15 looks a nested attribute's name up among the
// resource's top-level attributes, so an error at worktime.name showed the
// task's own `name = "..."` line, another attribute. At the object it
// shows the object's line (worktime = {), or the resource block (config.tts
// before 1.15), and the object's line on 1.15.
type nestedNameNotEmpty struct{ framework.Described }

var nestedNameRule = nestedNameNotEmpty{"must not be empty"}

func (nestedNameNotEmpty) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || req.ConfigValue.ValueString() != "" {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path.ParentPath(), "Invalid Attribute Value Length",
		fmt.Sprintf("%s must not be empty (leave it out for none), got \"\".", req.Path))
}
