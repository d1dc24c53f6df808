// Package datasources holds the provider's data sources, one per file.
package datasources

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ datasource.DataSourceWithConfigure = (*skillGroupsDataSource)(nil)

// NewSkillGroupsDataSource returns the contactcenter_skill_groups data source.
func NewSkillGroupsDataSource() datasource.DataSource { return &skillGroupsDataSource{} }

type skillGroupsDataSource struct {
	client *client.Client
}

func (d *skillGroupsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_skill_groups"
}

func (d *skillGroupsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
	}
	num := func(desc string) schema.Int64Attribute {
		return schema.Int64Attribute{Computed: true, MarkdownDescription: desc}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists skill groups (queue/list, spec §4.6), optionally filtered by id or keyword.",
		Attributes: map[string]schema.Attribute{
			"id": schema.Int64Attribute{
				Optional: true, MarkdownDescription: "Only the group with this id (`filter.que_id`). An unknown id gives an empty list.",
				Validators: []validator.Int64{int64validator.AtLeast(1)},
			},
			"keyword": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Only groups whose name contains this text (`filter.keyword`).",
			},
			"skill_groups": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching groups, in the service's order.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":            str("Group id."),
					"que_name":      str("Group name."),
					"que_num":       str("Group number."),
					"que_type":      num("`0` inbound and outbound, `1` inbound, `2` outbound."),
					"que_length":    num("Maximum queue length."),
					"que_time":      num("Longest time in the queue, in seconds."),
					"ring_time":     num("Agent ring duration, in seconds."),
					"next_wait":     num("After-call wait, in seconds."),
					"b_announce":    num("`1` when the agent number is announced."),
					"noans_times":   num("Unanswered rings before `noans_action`."),
					"noans_wait":    num("Wait after an unanswered ring, in seconds."),
					"noans_action":  str("`0` nothing, `1` set the agent busy."),
					"que_strategy":  num("`1` longest wait, `2` skill priority, `9` round robin."),
					"wait_audio":    str("Wait voice id; `-1` blank tone, `0` default tone."),
					"sound_name":    str("Name of the wait voice."),
					"que_priority":  num("Priority, `0`–`255`, smaller is higher."),
					"auto_evaluate": num("`1` when callers are asked for an evaluation."),
				}},
			},
		},
	}
}

func (d *skillGroupsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (d *skillGroupsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m skillGroupsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	f := client.SkillGroupFilter{QueID: m.ID.ValueInt64(), Keyword: m.Keyword.ValueString()}
	m.SkillGroups = []skillGroupItem{}
	for g, err := range d.client.Queues.List(ctx, f) {
		if err != nil {
			tfkit.AddAPIError(&resp.Diagnostics, "Unable to List Skill Groups", err)
			return
		}
		if f.QueID != 0 && string(g.ID) != strconv.FormatInt(f.QueID, 10) {
			continue
		}
		m.SkillGroups = append(m.SkillGroups, skillGroupItem{
			ID: types.StringValue(string(g.ID)), QueName: types.StringValue(string(g.QueName)),
			QueNum: types.StringValue(string(g.QueNum)), QueType: types.Int64Value(int64(g.QueType)),
			QueLength: types.Int64Value(int64(g.QueLength)), QueTime: types.Int64Value(int64(g.QueTime)),
			RingTime: types.Int64Value(int64(g.RingTime)), NextWait: types.Int64Value(int64(g.NextWait)),
			BAnnounce: types.Int64Value(int64(g.BAnnounce)), NoansTimes: types.Int64Value(int64(g.NoansTimes)),
			NoansWait: types.Int64Value(int64(g.NoansWait)), NoansAction: types.StringValue(string(g.NoansAction)),
			QueStrategy: types.Int64Value(int64(g.QueStrategy)), WaitAudio: types.StringValue(string(g.WaitAudio)),
			SoundName: types.StringValue(string(g.SoundName)), QuePriority: types.Int64Value(int64(g.QuePriority)),
			AutoEvaluate: types.Int64Value(int64(g.AutoEvaluate)),
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

type skillGroupsModel struct {
	ID          types.Int64      `tfsdk:"id"`
	Keyword     types.String     `tfsdk:"keyword"`
	SkillGroups []skillGroupItem `tfsdk:"skill_groups"`
}

type skillGroupItem struct {
	ID           types.String `tfsdk:"id"`
	QueName      types.String `tfsdk:"que_name"`
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
	SoundName    types.String `tfsdk:"sound_name"`
	QuePriority  types.Int64  `tfsdk:"que_priority"`
	AutoEvaluate types.Int64  `tfsdk:"auto_evaluate"`
}
