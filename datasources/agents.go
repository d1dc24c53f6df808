package datasources

import (
	"context"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ datasource.DataSourceWithConfigure = (*agentsDataSource)(nil)

// NewAgentsDataSource returns the contactcenter_agents data source.
func NewAgentsDataSource() datasource.DataSource { return &agentsDataSource{} }

type agentsDataSource struct {
	client *client.Client
}

func (d *agentsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_agents"
}

func idSetFilter(desc string) schema.SetAttribute {
	return schema.SetAttribute{
		Optional: true, ElementType: types.Int64Type, MarkdownDescription: desc,
		Validators: []validator.Set{setvalidator.ValueInt64sAre(int64validator.AtLeast(1))},
	}
}

func (d *agentsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists agents (users/list, spec §4.2) with their skill groups, paging transparently (500 per request). " +
			"Every filter is optional; filters combine with AND, the values of one filter with OR. " +
			"For one agent with its configuration objects, use the `contactcenter_agent` data source.",
		Attributes: map[string]schema.Attribute{
			"user_num": schema.StringAttribute{Optional: true, MarkdownDescription: "Only the agent with this agent number (`user_num`)."},
			"user_status": schema.SetAttribute{
				Optional: true, ElementType: types.Int64Type,
				MarkdownDescription: "Only agents in these states (`user_status`): `1` on duty, `2` resigned, `3` frozen.",
				Validators:          []validator.Set{setvalidator.ValueInt64sAre(int64validator.OneOf(1, 2, 3))},
			},
			"user_ids":     idSetFilter("Only these agents (`user_ids`)."),
			"dept_ids":     idSetFilter("Only agents of these departments (`dept_ids`)."),
			"role_ids":     idSetFilter("Only agents with these roles (`role_ids`)."),
			"queue_ids":    idSetFilter("Only agents in these skill groups (`queue_ids`)."),
			"position_ids": idSetFilter("Only agents with these positions (`position_ids`)."),
			"user_type": schema.SetAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Only agents having any of these types (`user_type`): `\"1\"` call center, `\"2\"` online chat, `\"3\"` work order, " +
					"`\"4\"` management, `\"5\"` voice assist, `\"6\"` video service, `\"7\"` text assist.",
				Validators: []validator.Set{setvalidator.ValueStringsAre(stringvalidator.RegexMatches(regexp.MustCompile(`^[1-7]$`), "must be an agent type from 1 to 7"))},
			},
			"agents": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching agents, by ascending id.",
				NestedObject: schema.NestedAttributeObject{Attributes: agentItemAttributes()},
			},
		},
	}
}

func (d *agentsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (d *agentsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m agentsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	f := client.AgentFilter{UserNum: m.UserNum.ValueString(), RelationsQueues: true}
	sets := []struct {
		src types.Set
		dst *[]int64
	}{
		{m.UserStatus, &f.UserStatus}, {m.UserIDs, &f.UserIDs}, {m.DeptIDs, &f.DeptIDs}, {m.RoleIDs, &f.RoleIDs},
		{m.QueueIDs, &f.QueueIDs}, {m.PositionIDs, &f.PositionIDs},
	}
	for _, s := range sets {
		ids, diags := tfkit.Int64sFromSet(ctx, s.src)
		resp.Diagnostics.Append(diags...)
		*s.dst = ids
	}
	if !m.UserType.IsNull() {
		resp.Diagnostics.Append(m.UserType.ElementsAs(ctx, &f.UserTypes, false)...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	m.Agents = []agentItem{}
	for a, err := range d.client.Agents.List(ctx, f) {
		if err != nil {
			tfkit.AddAPIError(&resp.Diagnostics, "Unable to List Agents", err)
			return
		}
		it, diags := flattenAgentItem(&a)
		resp.Diagnostics.Append(diags...)
		m.Agents = append(m.Agents, it)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// agentItemAttributes are the §2.6 fields shown for one agent.
func agentItemAttributes() map[string]schema.Attribute {
	str := func(desc string) schema.Attribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
	}
	num := func(desc string) schema.Attribute {
		return schema.Int64Attribute{Computed: true, MarkdownDescription: desc}
	}
	return map[string]schema.Attribute{
		"id":                   str("Agent id (`user_id`)."),
		"user_num":             str("Agent number (`user_num`)."),
		"user_name":            str("Agent name (`user_name`)."),
		"ag_nickname":          str("Nickname (`ag_nickname`)."),
		"user_email":           str("E-mail address (`user_email`); empty when none."),
		"user_sms_phone":       str("Mobile number for SMS (`user_sms_phone`); empty when none."),
		"fixed_phone":          str("Fixed extension (`fixed_phone`); empty when none."),
		"user_status":          num("`1` on duty, `2` resigned, `3` frozen (`user_status`)."),
		"user_status_str":      str("Status as text (`user_status_str`)."),
		"dept_id":              num("Department id (`dept_id`)."),
		"dept_name":            str("Department name (`dept_name`)."),
		"role_id":              num("Role id (`role_id`)."),
		"role_name":            str("Role name (`role_name`)."),
		"position_id":          num("Position id (`position_id`)."),
		"position_name":        str("Position name (`position_name`)."),
		"supervisor_id":        num("Supervisor's user id (`supervisor_id`)."),
		"supervisor_name":      str("Supervisor's name (`supervisor_name`)."),
		"crm_id":               str("Third-party id (`crm_id`)."),
		"user_type":            str("Agent types, comma-separated (`user_type`)."),
		"user_type_str":        str("Agent types as text (`user_type_str`)."),
		"is_enable_mfa":        num("`1` multi-factor login on, `0`/`2` off (`is_enable_mfa`). The MFA secret is never exposed."),
		"check_in":             schema.BoolAttribute{Computed: true, MarkdownDescription: "Static sign-in state (`check_in`)."},
		"phone":                str("Static sign-in number (`phone`)."),
		"vcc_id":               num("Enterprise id (`vcc_id`)."),
		"vcc_code":             str("Enterprise code (`vcc_code`)."),
		"date_create_time":     str("Creation time (`date_create_time`)."),
		"date_update_time":     str("Last update time (`date_update_time`)."),
		"date_last_login_time": str("Last login time (`date_last_login_time`)."),
		"queue_ids": schema.ListAttribute{Computed: true, ElementType: types.Int64Type,
			MarkdownDescription: "Skill groups of the agent (`queue_ids`)."},
		"queue_names": schema.ListAttribute{Computed: true, ElementType: types.StringType,
			MarkdownDescription: "Names of those skill groups, in the same order (`queue_names`)."},
	}
}

func flattenAgentItem(a *client.Agent) (agentItem, diag.Diagnostics) {
	var diags diag.Diagnostics
	ids := a.QueueIDList()
	if ids == nil {
		ids = []int64{}
	}
	qids, d := types.ListValueFrom(context.Background(), types.Int64Type, ids)
	diags.Append(d...)
	names := []string{}
	if s := strings.TrimSpace(string(a.QueueNames)); s != "" {
		names = strings.Split(s, ",")
	}
	qnames, d := types.ListValueFrom(context.Background(), types.StringType, names)
	diags.Append(d...)
	s := func(v client.FlexString) types.String { return types.StringValue(string(v)) }
	n := func(v client.FlexInt) types.Int64 { return types.Int64Value(int64(v)) }
	return agentItem{
		ID: types.StringValue(strconv.FormatInt(int64(a.UserID), 10)), UserNum: s(a.UserNum), UserName: s(a.UserName),
		AgNickname: s(a.AgNickname), UserEmail: s(a.UserEmail), UserSMSPhone: s(a.UserSMSPhone), FixedPhone: s(a.FixedPhone),
		UserStatus: n(a.UserStatus), UserStatusStr: s(a.UserStatusStr), DeptID: n(a.DeptID), DeptName: s(a.DeptName),
		RoleID: n(a.RoleID), RoleName: s(a.RoleName), PositionID: n(a.PositionID), PositionName: s(a.PositionName),
		SupervisorID: n(a.SupervisorID), SupervisorName: s(a.SupervisorName), CrmID: s(a.CrmID), UserType: s(a.UserType),
		UserTypeStr: s(a.UserTypeStr), IsEnableMFA: n(a.IsEnableMFA), CheckIn: types.BoolValue(bool(a.CheckIn)), Phone: s(a.Phone),
		VccID: n(a.VccID), VccCode: s(a.VccCode), DateCreateTime: s(a.DateCreateTime), DateUpdateTime: s(a.DateUpdateTime),
		DateLastLoginTime: s(a.DateLastLoginTime), QueueIDs: qids, QueueNames: qnames,
	}, diags
}

type agentsModel struct {
	UserNum     types.String `tfsdk:"user_num"`
	UserStatus  types.Set    `tfsdk:"user_status"`
	UserIDs     types.Set    `tfsdk:"user_ids"`
	DeptIDs     types.Set    `tfsdk:"dept_ids"`
	RoleIDs     types.Set    `tfsdk:"role_ids"`
	QueueIDs    types.Set    `tfsdk:"queue_ids"`
	PositionIDs types.Set    `tfsdk:"position_ids"`
	UserType    types.Set    `tfsdk:"user_type"`
	Agents      []agentItem  `tfsdk:"agents"`
}

type agentItem struct {
	ID                types.String `tfsdk:"id"`
	UserNum           types.String `tfsdk:"user_num"`
	UserName          types.String `tfsdk:"user_name"`
	AgNickname        types.String `tfsdk:"ag_nickname"`
	UserEmail         types.String `tfsdk:"user_email"`
	UserSMSPhone      types.String `tfsdk:"user_sms_phone"`
	FixedPhone        types.String `tfsdk:"fixed_phone"`
	UserStatus        types.Int64  `tfsdk:"user_status"`
	UserStatusStr     types.String `tfsdk:"user_status_str"`
	DeptID            types.Int64  `tfsdk:"dept_id"`
	DeptName          types.String `tfsdk:"dept_name"`
	RoleID            types.Int64  `tfsdk:"role_id"`
	RoleName          types.String `tfsdk:"role_name"`
	PositionID        types.Int64  `tfsdk:"position_id"`
	PositionName      types.String `tfsdk:"position_name"`
	SupervisorID      types.Int64  `tfsdk:"supervisor_id"`
	SupervisorName    types.String `tfsdk:"supervisor_name"`
	CrmID             types.String `tfsdk:"crm_id"`
	UserType          types.String `tfsdk:"user_type"`
	UserTypeStr       types.String `tfsdk:"user_type_str"`
	IsEnableMFA       types.Int64  `tfsdk:"is_enable_mfa"`
	CheckIn           types.Bool   `tfsdk:"check_in"`
	Phone             types.String `tfsdk:"phone"`
	VccID             types.Int64  `tfsdk:"vcc_id"`
	VccCode           types.String `tfsdk:"vcc_code"`
	DateCreateTime    types.String `tfsdk:"date_create_time"`
	DateUpdateTime    types.String `tfsdk:"date_update_time"`
	DateLastLoginTime types.String `tfsdk:"date_last_login_time"`
	QueueIDs          types.List   `tfsdk:"queue_ids"`
	QueueNames        types.List   `tfsdk:"queue_names"`
}
