package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ datasource.DataSourceWithConfigure = (*soundsDataSource)(nil)

// NewSoundsDataSource returns the contactcenter_sounds data source.
func NewSoundsDataSource() datasource.DataSource {
	return &soundsDataSource{DataSource: framework.NewDataSource("sounds")}
}

type soundsDataSource struct {
	framework.DataSource
}

func (d *soundsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists voice files (sound/list, spec §4.5, §2.9), optionally filtered by name keyword and type.",
		Attributes: map[string]schema.Attribute{
			"keyword": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Only voice files whose name contains this text (`info.filter.keyword`).",
			},
			"sound_type": schema.Int64Attribute{
				Optional: true,
				MarkdownDescription: "Only voice files of this kind, sent as `info.filter.select_type` (the spec does not define " +
					"select_type; the simulator reads it as `sound_type`): `1` skill-group voice, `2` satisfaction, `3` whitelist, " +
					"`4` key-press, `5` message, `6` other.",
				Validators: []validator.Int64{int64validator.Between(1, 6)},
			},
			"sounds": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching voice files, in the service's order.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":             str("Voice-file id (`id`)."),
					"name":           str("Voice name (`name`)."),
					"remark":         str("Note (`remark`)."),
					"address":        str("Real storage path (`address`)."),
					"sounds_address": str("Upload path (`sounds_address`)."),
					"add_time":       str("Upload time (`add_time`, `yyyy-mm-dd HH:ii:ss`)."),
					"sound_type": schema.Int64Attribute{Computed: true,
						MarkdownDescription: "Kind (`sound_type`): `1` skill-group, `2` satisfaction, `3` whitelist, `4` key-press, `5` message, `6` other."},
				}},
			},
		},
	}
}

func (d *soundsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m soundsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m.Sounds = []soundItem{}
	f := client.SoundFilter{Keyword: m.Keyword.ValueString(), SelectType: m.SoundType.ValueInt64()}
	for s, err := range d.Client.Sounds.List(ctx, f) {
		if err != nil {
			tfkit.AddAPIError(&resp.Diagnostics, "Unable to List Sounds", err)
			return
		}
		m.Sounds = append(m.Sounds, soundItem{
			ID: types.StringValue(string(s.ID)), Name: types.StringValue(string(s.Name)), Remark: types.StringValue(string(s.Remark)),
			Address: types.StringValue(string(s.Address)), SoundsAddress: types.StringValue(string(s.SoundsAddress)),
			AddTime: types.StringValue(string(s.AddTime)), SoundType: types.Int64Value(int64(s.SoundType)),
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

type soundsModel struct {
	Keyword   types.String `tfsdk:"keyword"`
	SoundType types.Int64  `tfsdk:"sound_type"`
	Sounds    []soundItem  `tfsdk:"sounds"`
}

type soundItem struct {
	ID            types.String `tfsdk:"id"`
	Name          types.String `tfsdk:"name"`
	Remark        types.String `tfsdk:"remark"`
	Address       types.String `tfsdk:"address"`
	SoundsAddress types.String `tfsdk:"sounds_address"`
	AddTime       types.String `tfsdk:"add_time"`
	SoundType     types.Int64  `tfsdk:"sound_type"`
}
