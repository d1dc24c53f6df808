package datasources

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ datasource.DataSourceWithConfigure = (*outboundTasksDataSource)(nil)

// NewOutboundTasksDataSource returns the contactcenter_outbound_tasks data source.
func NewOutboundTasksDataSource() datasource.DataSource { return &outboundTasksDataSource{} }

type outboundTasksDataSource struct {
	client *client.Client
}

func (d *outboundTasksDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_outbound_tasks"
}

func (d *outboundTasksDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
	}
	num := func(desc string) schema.Int64Attribute {
		return schema.Int64Attribute{Computed: true, MarkdownDescription: desc}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists outbound tasks (projects/lists, spec §4.3), filtered by type, status and name; " +
			"with `all = true`, every task of one type (projects/all).",
		Attributes: map[string]schema.Attribute{
			"type": schema.Int64Attribute{
				Optional: true, MarkdownDescription: "Only tasks of this type (`type`): `1` predictive, `3` automatic, `4` robot. Required with `all`.",
				Validators: []validator.Int64{int64validator.OneOf(1, 3, 4)},
			},
			"status": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Only tasks with this status (`status`): `closed` or `open`. Not used with `all`.",
				Validators: []validator.String{
					stringvalidator.OneOf("closed", "open"),
					stringvalidator.ConflictsWith(path.MatchRoot("all")),
				},
			},
			"name": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Only tasks whose name contains this text (`name`, fuzzy). Not used with `all`.",
				Validators: []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("all"))},
			},
			"all": schema.BoolAttribute{
				Optional: true, MarkdownDescription: "Read every task of `type` at once through projects/all instead of paging projects/lists.",
				Validators: []validator.Bool{boolAlsoRequiresType{}},
			},
			"tasks": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching tasks, by id.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":                     str("Project id."),
					"name":                   str("Project name."),
					"type":                   num("`1` predictive, `3` automatic, `4` robot."),
					"type_string":            str("Name of the type."),
					"status":                 str("`closed`, `open` or `paused`."),
					"status_string":          str("The service's name of the status."),
					"priority":               num("Weight `0`–`255`."),
					"dept_id":                num("Department id."),
					"dept_name":              str("Department name."),
					"concurrent":             num("Concurrent lines."),
					"callers":                schema.ListAttribute{ElementType: types.StringType, Computed: true, MarkdownDescription: "Caller numbers."},
					"max_conn_secs":          num("Longest call duration, in seconds."),
					"timeout_secs":           num("Outbound time-out, in seconds."),
					"max_queue_secs":         num("Data freshness, in seconds; `0` unlimited."),
					"enable_asr":             schema.BoolAttribute{Computed: true, MarkdownDescription: "Whether speech recognition is on."},
					"context":                str("`mc_transque`, `mc_transivr` or `mc_transai`."),
					"trans_to":               str("Transfer target."),
					"waiting_count":          num("Numbers waiting to be dialed (`waiting_count`)."),
					"recall_waiting_count":   num("Numbers waiting for a recall (`recall_waiting_count`)."),
					"recall_pending_count":   num("Recalls pending (`recall_pending_count`)."),
					"calling_count":          num("Calls in progress (`calling_count`)."),
					"un_called":              num("Numbers not called yet (`un_called`)."),
					"total_called":           num("Numbers called (`total_called`)."),
					"call_ratio_type_string": str("Name of the call ratio mode."),
					"call_type_string":       str("Name of the call type."),
					"exten":                  str("Extension (`exten`)."),
					"created_at":             str("Creation time, `yyyy-mm-dd HH:ii:ss`."),
					"updated_at":             str("Last update time, `yyyy-mm-dd HH:ii:ss`."),
					"created_user_name":      str("Who created the task."),
					"updated_user_name":      str("Who last updated the task."),
				}},
			},
		},
	}
}

func (d *outboundTasksDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (d *outboundTasksDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m outboundTasksModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var tasks []client.Task
	var err error
	if m.All.ValueBool() {
		tasks, err = d.client.Tasks.All(ctx, m.Type.ValueInt64())
	} else {
		f := client.TaskFilter{Type: m.Type.ValueInt64(), Name: m.Name.ValueString()}
		switch m.Status.ValueString() {
		case "closed":
			f.Status = new(int64)
		case "open":
			one := client.TaskStatusOpen
			f.Status = &one
		}
		tasks, err = client.Collect(d.client.Tasks.List(ctx, f))
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to List Outbound Tasks", err)
		return
	}
	m.Tasks = make([]outboundTaskItem, 0, len(tasks))
	for _, t := range tasks {
		m.Tasks = append(m.Tasks, flattenTaskItem(t))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func flattenTaskItem(t client.Task) outboundTaskItem {
	i := func(p *client.FlexInt) types.Int64 {
		if p == nil {
			return types.Int64Value(0)
		}
		return types.Int64Value(int64(*p))
	}
	status := map[int64]string{0: "closed", 1: "open", 2: "paused"}[int64(*taskStatusOrZero(t.Status))]
	callers := make([]types.String, 0, len(t.Callers))
	for _, c := range t.Callers {
		callers = append(callers, types.StringValue(string(c)))
	}
	transTo := ""
	if t.TransTo != nil {
		transTo = string(*t.TransTo)
	}
	return outboundTaskItem{
		ID: types.StringValue(strconv.FormatInt(int64(t.ID), 10)), Name: types.StringValue(string(t.Name)),
		Type: types.Int64Value(int64(t.Type)), TypeString: types.StringValue(string(t.TypeString)),
		Status: types.StringValue(status), StatusString: types.StringValue(string(t.StatusString)),
		Priority: i(t.Priority), DeptID: i(t.DeptID), DeptName: types.StringValue(string(t.DeptName)),
		Concurrent: i(t.Concurrent), Callers: callers, MaxConnSecs: i(t.MaxConnSecs), TimeoutSecs: i(t.TimeoutSecs),
		MaxQueueSecs: i(t.MaxQueueSecs), EnableASR: types.BoolValue(t.EnableASR != nil && bool(*t.EnableASR)),
		Context: types.StringValue(string(t.Context)), TransTo: types.StringValue(transTo),
		WaitingCount: types.Int64Value(int64(t.WaitingCount)), RecallWaitingCount: types.Int64Value(int64(t.RecallWaitingCount)),
		RecallPendingCount: types.Int64Value(int64(t.RecallPendingCount)), CallingCount: types.Int64Value(int64(t.CallingCount)),
		UnCalled: types.Int64Value(int64(t.UnCalled)), TotalCalled: types.Int64Value(int64(t.TotalCalled)),
		CallRatioTypeString: types.StringValue(string(t.CallRatioTypeString)), CallTypeString: types.StringValue(string(t.CallTypeString)),
		Exten: types.StringValue(string(t.Exten)), CreatedAt: types.StringValue(string(t.CreatedAt)),
		UpdatedAt: types.StringValue(string(t.UpdatedAt)), CreatedUserName: types.StringValue(string(t.CreatedUserName)),
		UpdatedUserName: types.StringValue(string(t.UpdatedUserName)),
	}
}

func taskStatusOrZero(p *client.FlexInt) *client.FlexInt {
	if p == nil {
		return new(client.FlexInt)
	}
	return p
}

// boolAlsoRequiresType requires `type` when `all` is true (projects/all
// takes a required type, §4.3).
type boolAlsoRequiresType struct{}

func (boolAlsoRequiresType) Description(context.Context) string {
	return "type is required when all is true"
}

func (v boolAlsoRequiresType) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (boolAlsoRequiresType) ValidateBool(ctx context.Context, req validator.BoolRequest, resp *validator.BoolResponse) {
	if !req.ConfigValue.ValueBool() {
		return
	}
	var typ types.Int64
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("type"), &typ)...)
	if typ.IsNull() {
		resp.Diagnostics.AddAttributeError(req.Path, "Missing Required Attribute",
			"type is required when all = true: projects/all lists the tasks of one type (1, 3 or 4) (spec §4.3).")
	}
}

type outboundTasksModel struct {
	Type   types.Int64        `tfsdk:"type"`
	Status types.String       `tfsdk:"status"`
	Name   types.String       `tfsdk:"name"`
	All    types.Bool         `tfsdk:"all"`
	Tasks  []outboundTaskItem `tfsdk:"tasks"`
}

type outboundTaskItem struct {
	ID                  types.String   `tfsdk:"id"`
	Name                types.String   `tfsdk:"name"`
	Type                types.Int64    `tfsdk:"type"`
	TypeString          types.String   `tfsdk:"type_string"`
	Status              types.String   `tfsdk:"status"`
	StatusString        types.String   `tfsdk:"status_string"`
	Priority            types.Int64    `tfsdk:"priority"`
	DeptID              types.Int64    `tfsdk:"dept_id"`
	DeptName            types.String   `tfsdk:"dept_name"`
	Concurrent          types.Int64    `tfsdk:"concurrent"`
	Callers             []types.String `tfsdk:"callers"`
	MaxConnSecs         types.Int64    `tfsdk:"max_conn_secs"`
	TimeoutSecs         types.Int64    `tfsdk:"timeout_secs"`
	MaxQueueSecs        types.Int64    `tfsdk:"max_queue_secs"`
	EnableASR           types.Bool     `tfsdk:"enable_asr"`
	Context             types.String   `tfsdk:"context"`
	TransTo             types.String   `tfsdk:"trans_to"`
	WaitingCount        types.Int64    `tfsdk:"waiting_count"`
	RecallWaitingCount  types.Int64    `tfsdk:"recall_waiting_count"`
	RecallPendingCount  types.Int64    `tfsdk:"recall_pending_count"`
	CallingCount        types.Int64    `tfsdk:"calling_count"`
	UnCalled            types.Int64    `tfsdk:"un_called"`
	TotalCalled         types.Int64    `tfsdk:"total_called"`
	CallRatioTypeString types.String   `tfsdk:"call_ratio_type_string"`
	CallTypeString      types.String   `tfsdk:"call_type_string"`
	Exten               types.String   `tfsdk:"exten"`
	CreatedAt           types.String   `tfsdk:"created_at"`
	UpdatedAt           types.String   `tfsdk:"updated_at"`
	CreatedUserName     types.String   `tfsdk:"created_user_name"`
	UpdatedUserName     types.String   `tfsdk:"updated_user_name"`
}
