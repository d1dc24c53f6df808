package datasources

import (
	"context"
	"fmt"
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

var _ datasource.DataSourceWithConfigure = (*trunkNumbersDataSource)(nil)

// NewTrunkNumbersDataSource returns the contactcenter_trunk_numbers data source.
func NewTrunkNumbersDataSource() datasource.DataSource {
	return &trunkNumbersDataSource{DataSource: framework.NewDataSource("trunk_numbers")}
}

type trunkNumbersDataSource struct {
	framework.DataSource
}

func (d *trunkNumbersDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the enterprise's trunk numbers (the enterprise's outside lines, for example an outbound task's `callers`), " +
			"read in one call, optionally only those of one area code or type. API: trunks/all (spec §4.7, §2.12).",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"code": framework.OptionalString("Only numbers of this area code of ownership (`code`), for example `\"021\"`: quote it, since HCL reads an unquoted `021` "+
				"as the number 21, which matches no area code (a code without its leading 0 warns at plan).",
				stringvalidator.LengthAtLeast(1), areaCodeWarning),
			"type": framework.OptionalInt64("Only numbers of this type (filtered by the provider): `1` 95-number, `2` trunk number, `3` mobile number.",
				tfkit.OneOf(tfkit.Means(1, "95-number"), tfkit.Means(2, "trunk number"), tfkit.Means(3, "mobile number"))),
			"phones": framework.ComputedListOf("The `phone` of every matching number, in the service's order (a convenience for `for_each`).", types.StringType),
			"trunk_numbers": framework.ComputedList("The matching trunk numbers.", map[string]schema.Attribute{
				"phone":       framework.ComputedString("The number (`phone`)."),
				"code":        framework.ComputedString("Area code of ownership (`code`)."),
				"city":        framework.ComputedString("City (`city`)."),
				"type":        framework.ComputedInt64("Type (`type`): `1` 95-number, `2` trunk number, `3` mobile number."),
				"type_string": framework.ComputedString("Type as text (`type_string`)."),
			}),
		}),
	}
}

func (d *trunkNumbersDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List Trunk Numbers", func(ctx context.Context, m *trunkNumbersModel) error {
		// One call (trunks/all): the data source asks for every number, so
		// paging trunks/lists would only cost more calls.
		all, err := d.Client.Reference.AllTrunkNumbersShared(ctx, m.Code.ValueString())
		m.TrunkNumbers = framework.FlattenEach[trunkNumberItem](all, func(tn client.TrunkNumber) bool {
			return m.Type.IsNull() || int64(tn.Type) == m.Type.ValueInt64()
		})
		m.Phones = make([]types.String, len(m.TrunkNumbers))
		for i, tn := range m.TrunkNumbers {
			m.Phones[i] = tn.Phone
		}
		return err
	})
}

type trunkNumbersModel struct {
	Code         types.String      `tfsdk:"code"`
	Type         types.Int64       `tfsdk:"type"`
	Phones       []types.String    `tfsdk:"phones"`
	TrunkNumbers []trunkNumberItem `tfsdk:"trunk_numbers"`
}

type trunkNumberItem struct {
	Phone      types.String `tfsdk:"phone"`
	Code       types.String `tfsdk:"code"`
	City       types.String `tfsdk:"city"`
	Type       types.Int64  `tfsdk:"type"`
	TypeString types.String `tfsdk:"type_string"`
}

// areaCodeWarning warns about an area code without its leading 0: HCL
// reads an unquoted 021 as the number 21, and the lookup silently found no
// number (an empty list, which then fed callers).
var areaCodeWarning = resources.Warning("area codes start with 0", func(_ path.Path, c string) (string, string) {
	if c == "" || c[0] == '0' || !client.IsDigits(c) {
		return "", ""
	}
	return "Area Code Without Its Leading 0", fmt.Sprintf("code = %q: area codes start with 0 (\"021\", \"0755\"), so this one most likely matches no number. "+
		"If it was written unquoted (code = 0%s), HCL read it as the number %s: write code = \"0%s\".", c, c, c, c)
})
