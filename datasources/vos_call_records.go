package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
)

var (
	_ datasource.DataSourceWithConfigure      = (*vosCallRecordsDataSource)(nil)
	_ datasource.DataSourceWithValidateConfig = (*vosCallRecordsDataSource)(nil)
)

// NewVOSCallRecordsDataSource returns the contactcenter_vos_call_records data source.
func NewVOSCallRecordsDataSource() datasource.DataSource {
	return &vosCallRecordsDataSource{DataSource: framework.NewDataSource("vos_call_records")}
}

type vosCallRecordsDataSource struct {
	framework.DataSource
}

func (d *vosCallRecordsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str := framework.ComputedString
	attrs := cdrFilterAttributes("Set both ends or neither; without them the service reads today on the platform's clock (`00:00:00` to `23:59:59`). " +
		"The range is at most one month (see above).")
	callID := attrs["call_id"].(schema.StringAttribute)
	callID.MarkdownDescription += " Without a range only today's records (the platform's day) are searched: set the range around the call."
	attrs["call_id"] = callID
	attrs["records"] = framework.ComputedList("The matching VOS call records, in the order the service lists them.", map[string]schema.Attribute{
		"id":            str("Record id (`id`)."),
		"start_time":    str("Call start (`start_time`)."),
		"caller":        str("Calling number (`caller`)."),
		"called":        str("Called number (`called`)."),
		"sip_num":       str("Virtual number (`sip_num`)."),
		"vcc_code":      str("Enterprise code (`vcc_code`)."),
		"call_id":       str("Call id (`call_id`)."),
		"inout":         str("Direction (`inout`): `1` outbound, `2` inbound."),
		"call_result":   str("Result (`call_result`): `0` connected, `1` not connected."),
		"end_time":      str("Call end (`end_time`)."),
		"talk_duration": str("Talk time in seconds (`talk_duration`)."),
		"end_reason":    str("Why the call ended (`end_reason`)."),
	})
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads VOS call records (calls through the VOS softswitch, each with its virtual number `sip_num`, parties, direction and result) by call id or call-start range, " +
			"reading every page (500 records a page, the most the service allows). Without a range the service reads today, " +
			"the platform's day (`00:00:00` to `23:59:59` of its local time), also when `call_id` is set. API: vos/list (spec §4.7, §2.12)." + cdrRangeDoc,
		Attributes: attrs,
	}
}

func (d *vosCallRecordsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List VOS Call Records", func(ctx context.Context, m *vosCallRecordsModel) error {
		records, err := client.Collect(d.Client.Reference.VOSCDRs(ctx, m.filter()))
		m.Records = framework.FlattenEach[vosCDRItem](records, nil)
		return err
	})
}

func (d *vosCallRecordsDataSource) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	validateCDRFilter(ctx, req.Config, false, &resp.Diagnostics)
	// vos/list reads today when no range is given (§4.7), call_id or not:
	// a call of another day would read as having no records.
	var callID, begin, end types.String
	if resp.Diagnostics.HasError() || req.Config.GetAttribute(ctx, path.Root("call_id"), &callID).HasError() ||
		req.Config.GetAttribute(ctx, path.Root("time_start_begin"), &begin).HasError() ||
		req.Config.GetAttribute(ctx, path.Root("time_start_end"), &end).HasError() {
		return
	}
	if !callID.IsNull() && !callID.IsUnknown() && begin.IsNull() && end.IsNull() {
		resp.Diagnostics.AddAttributeWarning(path.Root("call_id"), "Call Searched Today Only",
			"Without time_start_begin and time_start_end the service searches today's VOS records only (today on the platform's clock), so a call of another day "+
				"reads as having no records. Set the range (at most one month) around the call to find it.")
	}
}

type vosCallRecordsModel struct {
	cdrQuery
	Records []vosCDRItem `tfsdk:"records"`
}

type vosCDRItem struct {
	ID           types.String `tfsdk:"id"`
	StartTime    types.String `tfsdk:"start_time"`
	Caller       types.String `tfsdk:"caller"`
	Called       types.String `tfsdk:"called"`
	SipNum       types.String `tfsdk:"sip_num"`
	VccCode      types.String `tfsdk:"vcc_code"`
	CallID       types.String `tfsdk:"call_id"`
	Inout        types.String `tfsdk:"inout"`
	CallResult   types.String `tfsdk:"call_result"`
	EndTime      types.String `tfsdk:"end_time"`
	TalkDuration types.String `tfsdk:"talk_duration"`
	EndReason    types.String `tfsdk:"end_reason"`
}
