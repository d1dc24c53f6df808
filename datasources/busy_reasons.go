package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

var _ datasource.DataSourceWithConfigure = (*busyReasonsDataSource)(nil)

// NewBusyReasonsDataSource returns the contactcenter_busy_reasons data source.
func NewBusyReasonsDataSource() datasource.DataSource {
	return &busyReasonsDataSource{DataSource: framework.NewDataSource("busy_reasons")}
}

type busyReasonsDataSource struct {
	framework.DataSource
}

func (d *busyReasonsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str := framework.ComputedString
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the reasons an agent can give when signing in (login reasons) or when going busy (busy reasons), " +
			"as configured for the enterprise. API: busyreason/list, always read as plain JSON (spec §4.7, §2.12).",
		Attributes: map[string]schema.Attribute{
			"ag_stat": framework.OptionalString("Only reasons of this kind (filtered by the provider): `\"1\"` login reason, `\"2\"` busy reason.",
				stringvalidator.OneOf("1", "2")),
			"busy_reasons": framework.ComputedList("The matching reasons, in the service's order.", map[string]schema.Attribute{
				"id":          str("Reason id (`id`)."),
				"vcc_id":      str("Enterprise id (`vcc_id`)."),
				"ag_stat":     str("Kind (`ag_stat`): `1` login reason, `2` busy reason."),
				"stat_reason": str("The reason's text (`stat_reason`)."),
			}),
		},
	}
}

func (d *busyReasonsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List Busy Reasons", func(ctx context.Context, m *busyReasonsModel) error {
		list, err := d.Client.Reference.BusyReasonsShared(ctx)
		m.BusyReasons = framework.FlattenEach[busyReasonItem](list, func(r client.BusyReason) bool {
			return m.AgStat.IsNull() || string(r.AgStat) == m.AgStat.ValueString()
		})
		return err
	})
}

type busyReasonsModel struct {
	AgStat      types.String     `tfsdk:"ag_stat"`
	BusyReasons []busyReasonItem `tfsdk:"busy_reasons"`
}

type busyReasonItem struct {
	ID         types.String `tfsdk:"id"`
	VccID      types.String `tfsdk:"vcc_id"`
	AgStat     types.String `tfsdk:"ag_stat"`
	StatReason types.String `tfsdk:"stat_reason"`
}
