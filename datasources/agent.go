package datasources

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ datasource.DataSourceWithConfigure        = (*agentDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*agentDataSource)(nil)
)

// NewAgentDataSource returns the contactcenter_agent data source.
func NewAgentDataSource() datasource.DataSource { return &agentDataSource{} }

type agentDataSource struct {
	client *client.Client
}

func (d *agentDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_agent"
}

func (d *agentDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := agentItemAttributes()
	attrs["id"] = schema.StringAttribute{
		Optional: true, Computed: true, MarkdownDescription: "The agent's id (`user_id`). Exactly one of `id` and `user_num` must be set.",
		Validators: []validator.String{stringvalidator.RegexMatches(regexp.MustCompile(`^[1-9][0-9]*$`), "must be a numeric agent id")},
	}
	attrs["user_num"] = schema.StringAttribute{
		Optional: true, Computed: true, MarkdownDescription: "The agent number (`user_num`). Exactly one of `id` and `user_num` must be set.",
		Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
	}
	num := func(desc string) schema.Attribute {
		return schema.Int64Attribute{Computed: true, MarkdownDescription: desc}
	}
	attrs["user_phone_type"] = num("Web phone (`user_phone_type`): `3` off, `4` on.")
	attrs["user_login_state"] = num("State after login (`user_login_state`): `1` idle, `2` busy.")
	attrs["user_auto_login"] = num("Automatic call-bar login (`user_auto_login`): `1` yes, `0` no.")
	attrs["is_enable_outbound"] = schema.BoolAttribute{Computed: true, MarkdownDescription: "Outbound calls allowed (`is_enable_outbound`)."}
	attrs["user_outcall_popup"] = num("Screen pop on outbound calls (`user_outcall_popup`): `1` on, `2` off.")
	attrs["is_forbidden_login"] = schema.BoolAttribute{Computed: true, MarkdownDescription: "Login forbidden (`is_forbidden_login`)."}
	attrs["max_sessions"] = num("Most simultaneous online-chat sessions (`max_sessions`).")
	attrs["basic_sessions"] = num("Basic number of online-chat sessions (`basic_sessions`).")
	attrs["is_enable_update_capcity"] = num("The agent may change their capacity (`is_enable_update_capcity`): `1` on, `2` off.")
	for _, o := range tfkit.AgentConfigObjects {
		attrs[o.Name] = o.DataSourceAttribute()
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "One agent, found by id or by agent number, with its skill groups and configuration objects (users/list with " +
			"`relations_queues = 1` and `relations_config = 1`, spec §4.2, §2.6). It is an error when no agent, or more than one, matches.",
		Attributes: attrs,
	}
}

func (d *agentDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (d *agentDataSource) ConfigValidators(_ context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("user_num")),
	}
}

func (d *agentDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m agentDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var a *client.Agent
	if !m.ID.IsNull() {
		id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), m.ID.ValueString())
		if !ok {
			return
		}
		got, err := d.client.Agents.Get(ctx, id)
		if client.IsNotFound(err) {
			resp.Diagnostics.AddAttributeError(path.Root("id"), "Agent Not Found", fmt.Sprintf("No agent has id %d.", id))
			return
		}
		if err != nil {
			tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Agent", err)
			return
		}
		a = got
	} else {
		num := m.UserNum.ValueString()
		f := client.AgentFilter{UserNum: num, RelationsQueues: true, RelationsConfig: true}
		var matches []client.Agent
		for it, err := range d.client.Agents.List(ctx, f) {
			if err != nil {
				tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Agent", err)
				return
			}
			if string(it.UserNum) == num {
				matches = append(matches, it)
			}
		}
		switch len(matches) {
		case 0:
			resp.Diagnostics.AddAttributeError(path.Root("user_num"), "Agent Not Found", fmt.Sprintf("No agent has user_num %q.", num))
			return
		case 1:
			a = &matches[0]
		default:
			resp.Diagnostics.AddAttributeError(path.Root("user_num"), "Several Agents Match",
				fmt.Sprintf("%d agents have user_num %q; look the agent up by id instead.", len(matches), num))
			return
		}
	}
	item, diags := flattenAgentItem(a)
	resp.Diagnostics.Append(diags...)
	m.agentItem = item
	objs := tfkit.AgentObjectsDefault()
	if cfg := a.Config; cfg != nil {
		m.UserPhoneType = types.Int64Value(int64(cfg.UserPhoneType))
		m.UserLoginState = types.Int64Value(int64(cfg.UserLoginState))
		m.UserAutoLogin = types.Int64Value(int64(cfg.UserAutoLogin))
		m.IsEnableOutbound = types.BoolValue(bool(cfg.IsEnableOutbound))
		m.UserOutcallPopup = types.Int64Value(int64(cfg.UserOutcallPopup))
		m.IsForbiddenLogin = types.BoolValue(bool(cfg.IsForbiddenLogin))
		m.MaxSessions = types.Int64Value(int64(cfg.MaxSessions))
		m.BasicSessions = types.Int64Value(int64(cfg.BasicSessions))
		m.IsEnableUpdateCapcity = types.Int64Value(int64(cfg.IsEnableUpdateCapcity))
		objs, diags = tfkit.AgentObjectsFromAPI(cfg.AgentObjects)
		resp.Diagnostics.Append(diags...)
	} else {
		for _, p := range []*types.Int64{&m.UserPhoneType, &m.UserLoginState, &m.UserAutoLogin, &m.UserOutcallPopup,
			&m.MaxSessions, &m.BasicSessions, &m.IsEnableUpdateCapcity} {
			*p = types.Int64Null()
		}
		m.IsEnableOutbound, m.IsForbiddenLogin = types.BoolNull(), types.BoolNull()
	}
	m.EvaluateConfig, m.WaitTimeConfig, m.NoticeConfig = objs["evaluate_config"], objs["wait_time_config"], objs["notice_config"]
	m.UserCaller, m.OutboundCallers, m.UserDisplay = objs["user_caller"], objs["outbound_callers"], objs["user_display"]
	m.WincallButtons, m.WincallTransferIvrs = objs["wincall_buttons"], objs["wincall_transfer_ivrs"]
	m.WincallInteractIvrs, m.WincallTransferQueues = objs["wincall_interact_ivrs"], objs["wincall_transfer_queues"]
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

type agentDataModel struct {
	agentItem
	UserPhoneType         types.Int64  `tfsdk:"user_phone_type"`
	UserLoginState        types.Int64  `tfsdk:"user_login_state"`
	UserAutoLogin         types.Int64  `tfsdk:"user_auto_login"`
	IsEnableOutbound      types.Bool   `tfsdk:"is_enable_outbound"`
	UserOutcallPopup      types.Int64  `tfsdk:"user_outcall_popup"`
	IsForbiddenLogin      types.Bool   `tfsdk:"is_forbidden_login"`
	MaxSessions           types.Int64  `tfsdk:"max_sessions"`
	BasicSessions         types.Int64  `tfsdk:"basic_sessions"`
	IsEnableUpdateCapcity types.Int64  `tfsdk:"is_enable_update_capcity"`
	EvaluateConfig        types.Object `tfsdk:"evaluate_config"`
	WaitTimeConfig        types.Object `tfsdk:"wait_time_config"`
	NoticeConfig          types.Object `tfsdk:"notice_config"`
	UserCaller            types.Object `tfsdk:"user_caller"`
	OutboundCallers       types.Object `tfsdk:"outbound_callers"`
	UserDisplay           types.Object `tfsdk:"user_display"`
	WincallButtons        types.Object `tfsdk:"wincall_buttons"`
	WincallTransferIvrs   types.Object `tfsdk:"wincall_transfer_ivrs"`
	WincallInteractIvrs   types.Object `tfsdk:"wincall_interact_ivrs"`
	WincallTransferQueues types.Object `tfsdk:"wincall_transfer_queues"`
}
