package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ datasource.DataSourceWithConfigure = (*busyReasonsDataSource)(nil)

// NewBusyReasonsDataSource returns the contactcenter_busy_reasons data source.
func NewBusyReasonsDataSource() datasource.DataSource { return &busyReasonsDataSource{} }

type busyReasonsDataSource struct {
	client *client.Client
}

func (d *busyReasonsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_busy_reasons"
}

func (d *busyReasonsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the agents' login and busy reasons (busyreason/list, spec §4.7, §2.12). " +
			"The provider never asks for the JSONP form of the answer.",
		Attributes: map[string]schema.Attribute{
			"ag_stat": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Only reasons of this kind (filtered by the provider): `\"1\"` login reason, `\"2\"` busy reason.",
				Validators: []validator.String{stringvalidator.OneOf("1", "2")},
			},
			"busy_reasons": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching reasons, in the service's order.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":          str("Reason id (`id`)."),
					"vcc_id":      str("Enterprise id (`vcc_id`)."),
					"ag_stat":     str("Kind (`ag_stat`): `1` login reason, `2` busy reason."),
					"stat_reason": str("The reason's text (`stat_reason`)."),
				}},
			},
		},
	}
}

func (d *busyReasonsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (d *busyReasonsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m busyReasonsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	list, err := d.client.Reference.BusyReasons(ctx)
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to List Busy Reasons", err)
		return
	}
	m.BusyReasons = []busyReasonItem{}
	for _, r := range list {
		if !m.AgStat.IsNull() && string(r.AgStat) != m.AgStat.ValueString() {
			continue
		}
		m.BusyReasons = append(m.BusyReasons, busyReasonItem{
			ID: types.StringValue(string(r.ID)), VccID: types.StringValue(string(r.VccID)),
			AgStat: types.StringValue(string(r.AgStat)), StatReason: types.StringValue(string(r.StatReason)),
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
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
