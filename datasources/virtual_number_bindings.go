package datasources

import (
	"context"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

var _ datasource.DataSourceWithConfigure = (*virtualNumberBindingsDataSource)(nil)

// NewVirtualNumberBindingsDataSource returns the contactcenter_virtual_number_bindings data source.
func NewVirtualNumberBindingsDataSource() datasource.DataSource {
	return &virtualNumberBindingsDataSource{DataSource: framework.NewDataSource("virtual_number_bindings")}
}

type virtualNumberBindingsDataSource struct {
	framework.DataSource
}

func (d *virtualNumberBindingsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the trunk numbers bound to a virtual number, reading every page (1000 numbers a page). " +
			"API: virtual/bindings/lists (spec §4.7, §2.12).",
		Attributes: map[string]schema.Attribute{
			"virtual": framework.OptionalString("The virtual trunk number (`virtual`). When unset the service answers the bindings of every virtual number.",
				stringvalidator.LengthAtLeast(1)),
			"trunk_numbers": framework.ComputedListOf("The bound trunk numbers, in the service's order.", types.StringType),
		},
	}
}

func (d *virtualNumberBindingsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List Virtual Number Bindings", func(ctx context.Context, m *virtualNumberBindingsModel) error {
		numbers, err := d.Client.Reference.VirtualBindingsShared(ctx, m.Virtual.ValueString())
		m.TrunkNumbers = make([]types.String, len(numbers))
		for i, n := range numbers {
			m.TrunkNumbers[i] = types.StringValue(n)
		}
		return err
	})
}

type virtualNumberBindingsModel struct {
	Virtual      types.String   `tfsdk:"virtual"`
	TrunkNumbers []types.String `tfsdk:"trunk_numbers"`
}
