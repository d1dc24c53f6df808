package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

var _ datasource.DataSourceWithConfigure = (*numberSelectionDataSource)(nil)

// NewNumberSelectionDataSource returns the contactcenter_number_selection data source.
func NewNumberSelectionDataSource() datasource.DataSource {
	return &numberSelectionDataSource{DataSource: framework.NewDataSource("number_selection")}
}

type numberSelectionDataSource struct {
	framework.DataSource
}

func (d *numberSelectionDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	list := func(desc string) schema.ListNestedAttribute {
		return framework.ComputedList(desc, map[string]schema.Attribute{
			"id":   framework.ComputedString("Id (`id`)."),
			"name": framework.ComputedString("Display name (`name`)."),
		})
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "The numbers an agent's caller settings can choose from: " +
			"number groups, trunk numbers and X numbers, as used by `user_caller` and `outbound_callers` of an agent. " +
			"The platform's obsolete `agentPhone` list is not exposed. API: other/getPhoneSelect (spec §4.7, §2.12).",
		Attributes: map[string]schema.Attribute{
			"groups": list("Number groups (`groups`); their ids go in `groups` of the caller settings."),
			"phones": list("Trunk numbers (`phones`)."),
			"x_tels": list("X numbers (`xTels`)."),
		},
	}
}

func (d *numberSelectionDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to Read Number Selection", func(ctx context.Context, m *numberSelectionModel) error {
		ns, err := d.Client.Reference.NumberSelectionShared(ctx)
		if err != nil {
			return err
		}
		m.Groups = framework.FlattenEach[idNameItem](ns.Groups, nil)
		m.Phones = framework.FlattenEach[idNameItem](ns.Phones, nil)
		m.XTels = framework.FlattenEach[idNameItem](ns.XTels, nil)
		return nil
	})
}

type numberSelectionModel struct {
	Groups []idNameItem `tfsdk:"groups"`
	Phones []idNameItem `tfsdk:"phones"`
	XTels  []idNameItem `tfsdk:"x_tels"`
}

type idNameItem struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}
