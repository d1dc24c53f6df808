package datasources

import (
	"context"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

var _ datasource.DataSourceWithConfigure = (*agentsDataSource)(nil)

// NewAgentsDataSource returns the contactcenter_agents data source.
func NewAgentsDataSource() datasource.DataSource {
	return &agentsDataSource{DataSource: framework.NewDataSource("agents")}
}

type agentsDataSource struct {
	framework.DataSource
}

func idSetFilter(idNoun, desc string) schema.SetAttribute {
	return schema.SetAttribute{
		Optional: true, ElementType: types.Int64Type, MarkdownDescription: desc,
		Validators: []validator.Set{setvalidator.SizeAtLeast(1), tfkit.EachInt64(tfkit.AtLeastID(1, idNoun))},
	}
}

func (d *agentsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists agents with their skill groups, reading every page (500 agents a request, the most the service allows). " +
			"Every filter is optional; filters combine with AND, the values of one filter with OR. " +
			"A filter set to an empty list is refused (the service reads an empty filter as no filter, which would list every agent). " +
			"For one agent with its configuration objects, use the `contactcenter_agent` data source. API: users/list (spec §4.2, §2.6).",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"user_num": schema.StringAttribute{Optional: true, MarkdownDescription: "Only the agent with this agent number (`user_num`).",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), resources.Trimmed()}},
			"user_status": schema.SetAttribute{
				Optional: true, ElementType: types.Int64Type,
				MarkdownDescription: "Only agents in these states (`user_status`): `1` on duty, `2` resigned, `3` frozen.",
				Validators:          []validator.Set{setvalidator.SizeAtLeast(1), tfkit.EachInt64(tfkit.OneOf(tfkit.Means(1, "on duty"), tfkit.Means(2, "resigned"), tfkit.Means(3, "frozen")))},
			},
			"user_ids":     idSetFilter("agent", "Only these agents (`user_ids`)."),
			"dept_ids":     idSetFilter("department", "Only agents of these departments (`dept_ids`)."),
			"role_ids":     idSetFilter("role", "Only agents with these roles (`role_ids`)."),
			"queue_ids":    idSetFilter("skill-group", "Only agents in these skill groups (`queue_ids`)."),
			"position_ids": idSetFilter("position", "Only agents with these positions (`position_ids`)."),
			"user_type": schema.SetAttribute{
				Optional: true, ElementType: types.StringType,
				MarkdownDescription: "Only agents having any of these types (`user_type`): `\"1\"` call center, `\"2\"` online chat, `\"3\"` work order, " +
					"`\"4\"` management, `\"5\"` voice assist, `\"6\"` video service, `\"7\"` text assist.",
				Validators: []validator.Set{setvalidator.SizeAtLeast(1), setvalidator.ValueStringsAre(tfkit.Matching(regexp.MustCompile(`^[1-7]$`), "must be an agent type from 1 to 7"))},
			},
			"agents": framework.ComputedList("The matching agents, by ascending id.", agentItemAttributes()),
		}),
	}
}

func (d *agentsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	// The group names are read through the context Read is given, not
	// the read's (client.FreshReads): a name is then served by the
	// queue/list an earlier group's read made, and the agents of two groups
	// read queue/list once, not once for each group.
	groups := skillGroupName(ctx, d.Client)
	framework.ReadDataSource(ctx, req, resp, "Unable to List Agents", func(ctx context.Context, m *agentsModel) error {
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
			return nil // a filter that does not convert: listing without it would list too much
		}
		agents, err := d.Client.Agents.ListShared(ctx, f)
		if err != nil {
			return err
		}
		m.Agents = []agentItem{}
		for _, a := range byID(agents, func(a client.Agent) int64 { return a.UserID.Int64() }) {
			it, diags := flattenAgentItem(&a, groups)
			resp.Diagnostics.Append(diags...)
			m.Agents = append(m.Agents, it)
		}
		return nil
	})
}

// agentItemAttributes are the fields shown for one agent: the resource's,
// computed, without its provider-side attributes and its config member
// (users/list without relations_config), and with the list item's own
// read-only fields.
func agentItemAttributes() map[string]schema.Attribute {
	except := append(resources.AgentConfigAttributeNames(), resources.AgentProviderAttributeNames...)
	return withAgentExtras(framework.ComputedAttributes(resources.AgentAttributes(), except...))
}

// withAgentExtras adds the read-only fields of a users/list item that the
// resource does not have.
func withAgentExtras(attrs map[string]schema.Attribute) map[string]schema.Attribute {
	for name, a := range map[string]schema.Attribute{
		"user_status_str":      framework.ComputedString("Status as text (`user_status_str`)."),
		"position_name":        framework.ComputedString("Position name (`position_name`)."),
		"supervisor_name":      framework.ComputedString("Supervisor's name (`supervisor_name`)."),
		"user_type_str":        framework.ComputedString("Agent types as text (`user_type_str`)."),
		"check_in":             framework.ComputedBool("Static sign-in state (`check_in`)."),
		"phone":                framework.ComputedString("Static sign-in number (`phone`)."),
		"date_update_time":     framework.ComputedString("Last update time (`date_update_time`)."),
		"date_last_login_time": framework.ComputedString("Last login time (`date_last_login_time`)."),
		"queue_ids": schema.ListAttribute{Computed: true, ElementType: types.Int64Type,
			MarkdownDescription: "Skill groups of the agent (`queue_ids`)."},
		"queue_names": schema.ListAttribute{Computed: true, ElementType: types.StringType,
			MarkdownDescription: "Names of those skill groups, in the same order (`queue_names`)."},
	} {
		attrs[name] = a
	}
	return attrs
}

// flattenAgentItem is the resource's flatten of the shared fields, then the
// list item's own. groupName reads a skill group's name by id, for an agent
// whose queue_names cannot be split (see agentQueueNames).
func flattenAgentItem(a *client.Agent, groupName func(id int64) (string, error)) (agentItem, diag.Diagnostics) {
	var it agentItem
	var diags, d diag.Diagnostics
	it.Flatten(a)
	framework.Flatten(a, &it.agentExtras)
	ids := a.QueueIDList()
	if ids == nil {
		ids = []int64{}
	}
	it.QueueIDs, d = types.ListValueFrom(context.Background(), types.Int64Type, ids)
	diags.Append(d...)
	names, err := agentQueueNames(a, ids, groupName)
	if err != nil {
		tfkit.AddAPIError(&diags, "Unable to Read Skill Group Names", err)
	}
	it.QueueNames, d = types.ListValueFrom(context.Background(), types.StringType, names)
	diags.Append(d...)
	return it, diags
}

// agentQueueNames is the agent's queue_names, one per entry of ids, in the
// same order. The platform joins the names with commas (spec §2.6), so a
// group name that holds a comma ("Sales, North") splits into two: the
// split then counts more names than ids, and every name after it is paired
// with the wrong id. Then the names are taken from the groups themselves
// (groupName); a group that is gone (deleted meanwhile) has the name "".
func agentQueueNames(a *client.Agent, ids []int64, groupName func(id int64) (string, error)) ([]string, error) {
	names := []string{}
	if s := strings.TrimSpace(string(a.QueueNames)); s != "" {
		names = strings.Split(s, ",")
	}
	if len(names) == len(ids) || groupName == nil {
		return names, nil
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		name, err := groupName(id)
		if err != nil {
			return []string{}, err
		}
		out[i] = name
	}
	return out, nil
}

// skillGroupName reads a group's name through the client's finder, which
// serves the groups a refresh or another read of the walk already listed
// and batches the others, and keeps it for the rest of the data source's
// read: the finder serves each object of an answer once, so the agents
// sharing a group whose name holds a comma read the whole queue/list
// again, one call for each agent after the first (6 such agents in two
// groups: 11 calls).
func skillGroupName(ctx context.Context, c *client.Client) func(id int64) (string, error) {
	names := map[int64]string{}
	return func(id int64) (string, error) {
		if name, ok := names[id]; ok {
			return name, nil
		}
		g, err := c.Queues.Get(ctx, id)
		switch {
		case client.IsNotFound(err):
			names[id] = ""
		case err != nil:
			return "", err
		default:
			names[id] = string(g.QueName)
		}
		return names[id], nil
	}
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
	resources.AgentFields
	agentExtras
}

// agentExtras are the list item's fields that the resource does not have.
type agentExtras struct {
	UserStatusStr     types.String `tfsdk:"user_status_str"`
	PositionName      types.String `tfsdk:"position_name"`
	SupervisorName    types.String `tfsdk:"supervisor_name"`
	UserTypeStr       types.String `tfsdk:"user_type_str"`
	CheckIn           types.Bool   `tfsdk:"check_in"`
	Phone             types.String `tfsdk:"phone"`
	DateUpdateTime    types.String `tfsdk:"date_update_time"`
	DateLastLoginTime types.String `tfsdk:"date_last_login_time"`
	QueueIDs          types.List   `tfsdk:"queue_ids"`
	QueueNames        types.List   `tfsdk:"queue_names"`
}
