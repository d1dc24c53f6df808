package datasources

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"golang.org/x/text/unicode/norm"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

var _ datasource.DataSourceWithConfigure = (*ivrsDataSource)(nil)

// NewIVRsDataSource returns the contactcenter_ivrs data source.
func NewIVRsDataSource() datasource.DataSource {
	return &ivrsDataSource{DataSource: framework.NewDataSource("ivrs")}
}

type ivrsDataSource struct {
	framework.DataSource
}

func (d *ivrsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the enterprise's IVRs (interactive voice menus), for example for an agent's " +
			"`wincall_transfer_ivrs` or an automatic task's `trans_to` (which takes the IVR code). API: other/ivrs (spec §4.7, §2.12).",
		Attributes: map[string]schema.Attribute{
			"ivr_name": framework.OptionalString("Only the IVRs with exactly this name (filtered by the provider).", stringvalidator.LengthAtLeast(1)),
			"ids":      framework.ComputedListOf("The `ivr_id` of every matching IVR, in the service's order (for an agent's `wincall_transfer_ivrs`; an automatic task's `trans_to` takes the `ivr_code` of `ivrs` instead).", types.Int64Type),
			"ivrs": framework.ComputedList("The matching IVRs.", map[string]schema.Attribute{
				"ivr_id":   framework.ComputedInt64("IVR id (`ivrId`)."),
				"ivr_name": framework.ComputedString("IVR name (`ivrName`)."),
				"ivr_code": framework.ComputedString("IVR code (`ivrCode`)."),
			}),
		},
	}
}

func (d *ivrsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List IVRs", func(ctx context.Context, m *ivrsModel) error {
		list, err := d.Client.Reference.IVRsShared(ctx)
		m.IVRs, m.IDs = []ivrItem{}, []types.Int64{}
		var near []string
		for _, v := range list {
			// Terraform holds every string composed (NFC), the filter
			// too, so a name the platform holds decomposed ("Cafe" and
			// U+0301, as some systems type it in the portal) compares
			// composed: as written it matched no filter a configuration
			// can send, while the list showed the IVR under that name.
			if want := m.IvrName.ValueString(); !m.IvrName.IsNull() && norm.NFC.String(string(v.IvrName)) != norm.NFC.String(want) {
				if q := fmt.Sprintf("%q", string(v.IvrName)); strings.EqualFold(strings.TrimSpace(string(v.IvrName)), strings.TrimSpace(want)) && !slices.Contains(near, q) {
					near = append(near, q)
				}
				continue
			}
			m.IDs = append(m.IDs, types.Int64Value(int64(v.IvrID)))
			m.IVRs = append(m.IVRs, ivrItem{IvrID: types.Int64Value(int64(v.IvrID)), IvrName: types.StringValue(string(v.IvrName)), IvrCode: types.StringValue(string(v.IvrCode))})
		}
		if err == nil && len(m.IVRs) == 0 && len(near) > 0 {
			// An empty list is an answer, and one(...) of it is null: a
			// task's trans_to planned as unset without a word.
			resp.Diagnostics.AddAttributeWarning(path.Root("ivr_name"), "No IVR Has Exactly This Name",
				fmt.Sprintf("No IVR is named %q (names compare exactly, case and white space included), so the list is empty; %s differs only in case or white space.",
					m.IvrName.ValueString(), strings.Join(near, ", ")))
		}
		return err
	})
}

type ivrsModel struct {
	IvrName types.String  `tfsdk:"ivr_name"`
	IDs     []types.Int64 `tfsdk:"ids"`
	IVRs    []ivrItem     `tfsdk:"ivrs"`
}

type ivrItem struct {
	IvrID   types.Int64  `tfsdk:"ivr_id"`
	IvrName types.String `tfsdk:"ivr_name"`
	IvrCode types.String `tfsdk:"ivr_code"`
}
