package datasources

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ datasource.DataSourceWithConfigure      = (*trunkCallRecordsDataSource)(nil)
	_ datasource.DataSourceWithValidateConfig = (*trunkCallRecordsDataSource)(nil)
)

// recordTimeRE is the §1.2 timestamp format, yyyy-mm-dd HH:ii:ss.
var recordTimeRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)

// NewTrunkCallRecordsDataSource returns the contactcenter_trunk_call_records data source.
func NewTrunkCallRecordsDataSource() datasource.DataSource {
	return &trunkCallRecordsDataSource{DataSource: framework.NewDataSource("trunk_call_records")}
}

type trunkCallRecordsDataSource struct {
	framework.DataSource
}

// cdrFilterAttributes are the call_id / range attributes both CDR data
// sources share.
func cdrFilterAttributes(rangeRule string) map[string]schema.Attribute {
	ts := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{
			Optional: true, MarkdownDescription: desc,
			Validators: []validator.String{tfkit.Matching(recordTimeRE,
				`must be in the format yyyy-mm-dd HH:ii:ss, in the platform's local time and without a zone `+
					`(write a timestamp that way with formatdate("YYYY-MM-DD hh:mm:ss", ...))`)},
		}
	}
	return map[string]schema.Attribute{
		"call_id":          framework.OptionalString("Only the records of this call (`call_id`).", stringvalidator.LengthAtLeast(1)),
		"time_start_begin": ts("Earliest call start (`time_start_begin`), `yyyy-mm-dd HH:ii:ss` in the platform's local time. " + rangeRule),
		"time_start_end":   ts("Latest call start (`time_start_end`), `yyyy-mm-dd HH:ii:ss` in the platform's local time. " + rangeRule),
	}
}

// cdrRangeDoc is what the pages of both CDR data sources say about times,
// the one-month rule and the size of a read.
const cdrRangeDoc = "\n\n" +
	"**Times.** The range and every time in the records are the platform's local time, written `yyyy-mm-dd HH:ii:ss` " +
	"without a zone (the API does not name the zone). For a rolling window, format a timestamp: " +
	"`formatdate(\"YYYY-MM-DD hh:mm:ss\", timeadd(plantimestamp(), \"-240h\"))` is ten days before the plan. " +
	"`plantimestamp()` and `timestamp()` are UTC: when the platform's clock is not, add its offset with `timeadd` first " +
	"(for a platform on UTC+8, `timeadd(plantimestamp(), \"8h\")`).\n\n" +
	"**At most one month.** The end may be at most one calendar month after the begin: the same day and time of day " +
	"in the next month, or the last day of that month when it is shorter (from `2026-01-31 00:00:00` the latest end is " +
	"`2026-02-28 00:00:00`, from `2026-03-15 08:00:00` it is `2026-04-15 08:00:00`); and it must not be before the begin. " +
	"Read a longer period as several data sources. The rule is checked at plan time when the values are known at plan " +
	"(`plantimestamp()` is; a value from `timestamp()` is known only at apply, where the same check runs).\n\n" +
	"**Size.** Every matching record is read into Terraform, all pages of them: a busy month can hold tens of thousands " +
	"of records, which take minutes and gigabytes of memory to read. Narrow the range (a day) or read one call by `call_id`."

// validateCDRFilter applies §4.7/§8 at plan time: begin not after end and
// at most one month apart; with requireOne, a call_id or both ends.
func validateCDRFilter(ctx context.Context, cfg tfsdk.Config, requireOne bool, diags *diag.Diagnostics) {
	var callID, begin, end types.String
	diags.Append(cfg.GetAttribute(ctx, path.Root("call_id"), &callID)...)
	diags.Append(cfg.GetAttribute(ctx, path.Root("time_start_begin"), &begin)...)
	diags.Append(cfg.GetAttribute(ctx, path.Root("time_start_end"), &end)...)
	// A call_id known only at apply (from a resource) leaves the range's
	// own rules to check here: skipped with it, a range set wrong in the
	// configuration failed at apply, after the plan's other changes were
	// made. Only whether call_id is set is unknown then (it is not null).
	if diags.HasError() || begin.IsUnknown() || end.IsUnknown() {
		return
	}
	if begin.IsNull() != end.IsNull() {
		missing, set, value := "time_start_begin", "time_start_end", end.ValueString()
		if end.IsNull() {
			missing, set, value = "time_start_end", "time_start_begin", begin.ValueString()
		}
		detail := fmt.Sprintf("%s is missing: %s is set (%q), and time_start_begin and time_start_end are set together, "+
			"as the two ends of one range of at most one month. ", missing, set, value)
		switch {
		case requireOne && callID.IsNull():
			detail += "Either call_id, or both time_start_begin and time_start_end, are required: set " + missing +
				" too, or read one call with call_id instead of the range."
		case requireOne:
			detail += "Set " + missing + " too to read the call's records within the range, or remove " + set +
				" to read every record of the call."
		default:
			detail += "Set " + missing + " too, or remove " + set + " to read today's records (the platform's day)."
		}
		diags.AddAttributeError(path.Root(missing), "Incomplete Call Record Range", detail)
		return
	}
	if requireOne && callID.IsNull() && begin.IsNull() {
		diags.AddAttributeError(path.Root("call_id"), "Missing Call Record Filter",
			"Either call_id, or both time_start_begin and time_start_end, are required; "+
				"got neither a call_id nor a range. Set call_id to read one call, or both ends to read a range of at most one month.")
		return
	}
	if begin.IsNull() {
		return
	}
	if !recordTimeRE.MatchString(begin.ValueString()) || !recordTimeRE.MatchString(end.ValueString()) {
		return // the attribute validators already say so
	}
	calendar := true
	for name, v := range map[string]string{"time_start_begin": begin.ValueString(), "time_start_end": end.ValueString()} {
		if _, err := time.Parse(client.TimeLayout, v); err != nil {
			diags.AddAttributeError(path.Root(name), "Invalid Call Record Time",
				fmt.Sprintf("%s %q is written as yyyy-mm-dd HH:ii:ss but is not a date and time of the calendar.", name, v))
			calendar = false
		}
	}
	if !calendar {
		return
	}
	if err := client.CheckCDRRange(begin.ValueString(), end.ValueString()); err != nil {
		diags.AddAttributeError(path.Root("time_start_end"), "Invalid Call Record Range", tfkit.Sentence(err.Error())+".")
	}
}

func (d *trunkCallRecordsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str, num := framework.ComputedString, framework.ComputedInt64
	attrs := cdrFilterAttributes("Either `call_id` or both range ends are required; set both ends or neither. The range is at most one month (see above).")
	records := "The matching trunk call records, in the order the service lists them. " +
		"A call can have several records, one per leg (`call_type`), so `call_id` is not unique here."
	attrs["records"] = framework.ComputedList(records, map[string]schema.Attribute{
		"vcc_id":           num("Enterprise id (`vcc_id`)."),
		"vcc_code":         str("Enterprise code (`vcc_code`)."),
		"ag_id":            num("Agent id (`ag_id`)."),
		"call_id":          str("Call id (`call_id`)."),
		"call_type":        num("Call type (`call_type`): `1` manual outbound, `2` inbound, `3` consult, `4` transfer to phone, `5` auto outbound, `6` interface outbound, and the agent-side legs `10` manual outbound (caller side), `11` outbound to the agent, `12` skill group to agent, `13` consult to agent, `14` monitoring agent, `15` transfer to agent, `16` robot."),
		"call_type_name":   str("Call type as text (`call_type_name`)."),
		"call_result":      num("Call result (`call_result`); `call_result_name` says what the value means."),
		"call_result_name": str("Call result as text (`call_result_name`)."),
		"trunk_num":        str("Trunk number used (`trunk_num`)."),
		"user_num":         str("Customer number (`user_num`)."),
		"user_area_code":   str("Customer area code (`user_area_code`)."),
		"time_start":       str("Call start (`time_start`)."),
		"time_ring":        str("Ring start (`time_ring`); a zero date when unset."),
		"time_answer":      str("Answer time (`time_answer`); a zero date when unset."),
		"time_conn":        str("Connect time (`time_conn`); a zero date when unset."),
		"time_hangup":      str("Hang-up time (`time_hangup`)."),
		"dur_ring":         num("Customer ring period, in seconds (`dur_ring`)."),
		"dur_ring2":        num("Call start to end of customer ring, in seconds (`dur_ring2`)."),
		"dur_answer":       num("Answered period, in seconds (`dur_answer`)."),
		"dur_conn":         num("Customer–agent connected period, in seconds (`dur_conn`)."),
		"dur_all":          num("Call start to hang-up, in seconds (`dur_all`)."),
		"user_data":        str("Business data stored on the call (`user_data`, JSON text)."),
	})
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads trunk call records (each with its call type, numbers, times, durations and result) by call id or call-start range, " +
			"reading every page. API: cdr/trunk/lists (spec §4.7, §2.12).\n\n" +
			"**Several records a call.** A call leaves one record per leg (the customer's side, and legs to agents, consults, transfers: " +
			"`call_type` says which), so `{ for r in data.contactcenter_trunk_call_records.x.records : r.call_id => r }` fails with " +
			"\"Duplicate object key\": group the records of a call with `...` after the value, as the example does." + cdrRangeDoc,
		Attributes: attrs,
	}
}

func (d *trunkCallRecordsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List Trunk Call Records", func(ctx context.Context, m *trunkCallRecordsModel) error {
		records, err := client.Collect(d.Client.Reference.TrunkCDRs(ctx, m.filter()))
		m.Records = framework.FlattenEach[trunkCDRItem](records, nil)
		return err
	})
}

func (d *trunkCallRecordsDataSource) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	validateCDRFilter(ctx, req.Config, true, &resp.Diagnostics)
}

type trunkCallRecordsModel struct {
	cdrQuery
	Records []trunkCDRItem `tfsdk:"records"`
}

// cdrQuery is the call_id / range filter both CDR data sources share.
type cdrQuery struct {
	CallID         types.String `tfsdk:"call_id"`
	TimeStartBegin types.String `tfsdk:"time_start_begin"`
	TimeStartEnd   types.String `tfsdk:"time_start_end"`
}

func (q cdrQuery) filter() client.CDRFilter {
	return client.CDRFilter{CallID: q.CallID.ValueString(), TimeStartBegin: q.TimeStartBegin.ValueString(), TimeStartEnd: q.TimeStartEnd.ValueString()}
}

type trunkCDRItem struct {
	VccID          types.Int64  `tfsdk:"vcc_id"`
	VccCode        types.String `tfsdk:"vcc_code"`
	AgID           types.Int64  `tfsdk:"ag_id"`
	CallID         types.String `tfsdk:"call_id"`
	CallType       types.Int64  `tfsdk:"call_type"`
	CallTypeName   types.String `tfsdk:"call_type_name"`
	CallResult     types.Int64  `tfsdk:"call_result"`
	CallResultName types.String `tfsdk:"call_result_name"`
	TrunkNum       types.String `tfsdk:"trunk_num"`
	UserNum        types.String `tfsdk:"user_num"`
	UserAreaCode   types.String `tfsdk:"user_area_code"`
	TimeStart      types.String `tfsdk:"time_start"`
	TimeRing       types.String `tfsdk:"time_ring"`
	TimeAnswer     types.String `tfsdk:"time_answer"`
	TimeConn       types.String `tfsdk:"time_conn"`
	TimeHangup     types.String `tfsdk:"time_hangup"`
	DurRing        types.Int64  `tfsdk:"dur_ring"`
	DurRing2       types.Int64  `tfsdk:"dur_ring2"`
	DurAnswer      types.Int64  `tfsdk:"dur_answer"`
	DurConn        types.Int64  `tfsdk:"dur_conn"`
	DurAll         types.Int64  `tfsdk:"dur_all"`
	UserData       types.String `tfsdk:"user_data"`
}
