package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

var (
	_ datasource.DataSourceWithConfigure        = (*outboundTasksDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*outboundTasksDataSource)(nil)
)

// NewOutboundTasksDataSource returns the contactcenter_outbound_tasks data source.
func NewOutboundTasksDataSource() datasource.DataSource {
	return &outboundTasksDataSource{DataSource: framework.NewDataSource("outbound_tasks")}
}

type outboundTasksDataSource struct {
	framework.DataSource
}

func (d *outboundTasksDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	// A list carries the task's top-level fields (the resource's, without
	// the objects only projects/detail answers) and counters of its own.
	item := framework.ComputedAttributes(resources.OutboundTaskAttributes(),
		"force_delete", "config", "recall_strategies", "assigned_users", "worktime", "filter_rules")
	str, num := framework.ComputedString, framework.ComputedInt64
	for name, a := range map[string]schema.Attribute{
		"waiting_count":          num("Numbers waiting to be dialed (`waiting_count`)."),
		"recall_waiting_count":   num("Numbers waiting for a recall (`recall_waiting_count`)."),
		"recall_pending_count":   num("Recalls pending (`recall_pending_count`)."),
		"calling_count":          num("Calls in progress (`calling_count`)."),
		"un_called":              num("Numbers not called yet (`un_called`)."),
		"total_called":           num("Numbers called (`total_called`)."),
		"dept_name":              str("Department name (`dept_name`)."),
		"call_ratio_type_string": str("Name of the call ratio mode (`call_ratio_type_string`)."),
		"call_type_string":       str("Name of the call type (`call_type_string`)."),
		"exten":                  str("Extension (`exten`)."),
		"created_user_name":      str("Who created the task (`created_user_name`)."),
		"updated_user_name":      str("Who last updated the task (`updated_user_name`)."),
	} {
		item[name] = a
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists outbound tasks, filtered by type, status and name; " +
			"with `all = true`, every task of one type in one call. The items carry the task's top-level settings and counters; " +
			"its nested settings (`config`, `recall_strategies`, ...) are on the `contactcenter_outbound_task` resource. " +
			"API: projects/lists, projects/all (spec §4.3, §2.7).",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"type": framework.OptionalInt64("Only tasks of this type (`type`): `1` predictive, `3` automatic, `4` robot. Required with `all`.",
				tfkit.OneOf(tfkit.Means(1, "predictive"), tfkit.Means(3, "automatic"), tfkit.Means(4, "robot"))),
			"status": framework.OptionalString("Only tasks with this status (`status`): `closed`, `open` or `paused` "+
				"(the platform filters by `closed` and `open`; for `paused` the provider reads the list and keeps the paused tasks). Not used with `all = true`.",
				stringvalidator.OneOf("closed", "open", "paused")),
			"name": textFilter("Only tasks whose name contains this text (`name`, fuzzy). Not used with `all = true`."),
			"all": schema.BoolAttribute{
				Optional: true, MarkdownDescription: "Read every task of `type` in one call (projects/all) instead of page by page (projects/lists); with `all = true`, `status` and `name` cannot be set.",
			},
			"tasks": framework.ComputedList("The matching tasks, by id.", item),
		}),
	}
}

// ConfigValidators: projects/all takes a required type (§4.3).
func (d *outboundTasksDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		framework.RequiredWhen("when all = true: projects/all lists the tasks of one type (1, 3 or 4)",
			[]framework.Condition{framework.Is(path.Root("all"), types.BoolValue(true))}, path.Root("type")),
		framework.ForbiddenWhen("when all = true: projects/all lists every task of the type, without other filters",
			[]framework.Condition{framework.Is(path.Root("all"), types.BoolValue(true))}, path.Root("status"), path.Root("name")),
	}
}

func (d *outboundTasksDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List Outbound Tasks", func(ctx context.Context, m *outboundTasksModel) error {
		var tasks []client.Task
		var err error
		if m.All.ValueBool() {
			tasks, err = d.Client.Tasks.AllShared(ctx, m.Type.ValueInt64())
		} else {
			tasks, err = d.Client.Tasks.ListShared(ctx, resources.TaskListFilter(m.Type, m.Status, m.Name))
		}
		m.Tasks = flattenItems(byID(tasks, func(t client.Task) int64 { return t.ID.Int64() }), func(t *client.Task, i *outboundTaskItem) {
			i.Flatten(t)
			framework.Flatten(t, i)
		})
		return err
	})
}

type outboundTasksModel struct {
	Type   types.Int64        `tfsdk:"type"`
	Status types.String       `tfsdk:"status"`
	Name   types.String       `tfsdk:"name"`
	All    types.Bool         `tfsdk:"all"`
	Tasks  []outboundTaskItem `tfsdk:"tasks"`
}

// outboundTaskItem is the resource's record and what only a list answers.
type outboundTaskItem struct {
	resources.OutboundTaskRecord
	DeptName            types.String `tfsdk:"dept_name"`
	WaitingCount        types.Int64  `tfsdk:"waiting_count"`
	RecallWaitingCount  types.Int64  `tfsdk:"recall_waiting_count"`
	RecallPendingCount  types.Int64  `tfsdk:"recall_pending_count"`
	CallingCount        types.Int64  `tfsdk:"calling_count"`
	UnCalled            types.Int64  `tfsdk:"un_called"`
	TotalCalled         types.Int64  `tfsdk:"total_called"`
	CallRatioTypeString types.String `tfsdk:"call_ratio_type_string"`
	CallTypeString      types.String `tfsdk:"call_type_string"`
	Exten               types.String `tfsdk:"exten"`
	CreatedUserName     types.String `tfsdk:"created_user_name"`
	UpdatedUserName     types.String `tfsdk:"updated_user_name"`
}
