package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
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
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists voice files (the attributes of `contactcenter_sound` but the local `source` and `source_hash`), optionally filtered by name keyword and kind. API: sound/list (spec §4.5, §2.9).",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"keyword": textFilter("Only voice files whose name contains this text (`info.filter.keyword`)."),
			"sound_type": framework.OptionalInt64("Only voice files of this kind (their `sound_type`; the provider keeps them from the list it reads): "+
				"`1` skill-group voice, `2` satisfaction, `3` whitelist, `4` key-press, `5` message, `6` other.",
				int64validator.Between(1, 6)),
			"sounds": framework.ComputedList("The matching voice files, in the service's order.",
				framework.ComputedAttributes(resources.SoundAttributes(), "source", "source_hash")),
		}),
	}
}

func (d *soundsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List Sounds", func(ctx context.Context, m *soundsModel) (err error) {
		f := client.SoundFilter{Keyword: m.Keyword.ValueString(), SoundType: m.SoundType.ValueInt64()}
		list, err := d.Client.Sounds.ListShared(ctx, f)
		m.Sounds = flattenItems(list, func(s *client.Sound, i *resources.SoundItem) { i.Flatten(s) })
		return err
	})
}

type soundsModel struct {
	Keyword   types.String          `tfsdk:"keyword"`
	SoundType types.Int64           `tfsdk:"sound_type"`
	Sounds    []resources.SoundItem `tfsdk:"sounds"`
}
