package datasources

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ datasource.DataSourceWithConfigure      = (*smsRecordsDataSource)(nil)
	_ datasource.DataSourceWithValidateConfig = (*smsRecordsDataSource)(nil)
)

// smsTimeRE is the record time format of §1.2 and §4.1, `yyyy-mm-dd
// HH:ii:ss`: how it is written. Whether it is a time of the calendar
// (2026-02-30, 25:00:00) is ValidateConfig's check, which says so: the
// pattern checking both said of 25:00:00 that it was not written that way.
var smsTimeRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)

// NewSMSRecordsDataSource returns the contactcenter_sms_records data source.
func NewSMSRecordsDataSource() datasource.DataSource {
	return &smsRecordsDataSource{DataSource: framework.NewDataSource("sms_records")}
}

type smsRecordsDataSource struct {
	framework.DataSource
}

func (d *smsRecordsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	timeAttr := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Optional: true, MarkdownDescription: desc,
			Validators: []validator.String{tfkit.Matching(smsTimeRE, "must be a time written yyyy-mm-dd HH:ii:ss, such as 2026-03-01 09:30:00")}}
	}
	id := func(desc string) schema.Int64Attribute {
		return schema.Int64Attribute{Optional: true, MarkdownDescription: desc, Validators: []validator.Int64{int64validator.AtLeast(0)}}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists SMS send records (one per message sent through the open interface, for example by `contactcenter_sms_send`), reading every page (500 records a page, the most the service allows). " +
			"A record starts as `-1` sent and moves to `1` success or `0` failed when the delivery receipt arrives. " +
			"API: sms/record/list (spec §4.1, §2.5, §3.6).\n\n" +
			"**Times.** `start_time`, `end_time` and every time in the records (`time_add`, `time_send`, `time_delivered`, `send_time`) " +
			"are the platform's local time, written `yyyy-mm-dd HH:ii:ss` without a zone (the API does not name the zone). " +
			"`plantimestamp()` and `timestamp()` are UTC: when the platform's clock is not, add its offset with `timeadd` first " +
			"(for a platform on UTC+8, `formatdate(\"YYYY-MM-DD hh:mm:ss\", timeadd(plantimestamp(), \"8h\"))` is the plan's time on the platform's clock).",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"start_time": timeAttr("Only records sent at or after this time (`start_time`), `yyyy-mm-dd HH:ii:ss` in the platform's local time (no zone)."),
			"end_time":   timeAttr("Only records sent at or before this time (`end_time`), `yyyy-mm-dd HH:ii:ss` in the platform's local time (no zone)."),
			"result": framework.OptionalInt64("Only records with this result (`result`): `-1` sent, `1` success, `0` failed.",
				tfkit.OneOf(tfkit.Means(-1, "sent"), tfkit.Means(1, "success"), tfkit.Means(0, "failed"))),
			"mobile": schema.StringAttribute{Optional: true, MarkdownDescription: "Only records to this mobile number (`mobile`), read as `mobile_normalize` reads one: spaces, dashes, dots and brackets are removed and a `+86`, `86` or `0086` before the 11 digits is dropped, as the platform stores numbers without them. The platform matches it as it chooses (the simulator matches part of a number): compare `mobile` in the records for an exact match.",
				// Without a digit ("-", a placeholder of a spreadsheet) it is
				// empty once the separators go, which the client leaves
				// out: every record was listed.
				Validators: []validator.String{stringvalidator.LengthAtLeast(1),
					tfkit.Matching(regexp.MustCompile(`[0-9]`), "must hold digits (spaces, dashes, dots and brackets are removed)")}},
			"tpl_id":  id("Only records of this platform template id (`tpl_id`; the `tpl_id` of `contactcenter_sms_template`, not its `id`). A template's `id` given here, which matches no record, warns with the `tpl_id` to write."),
			"sign_id": id("Only records of this platform signature id (`sign_id` of `contactcenter_sms_signature`, not its `id`, which a template's `sign_id` takes). A signature's `id` given here, which matches no record, warns with the `sign_id` to write."),
			"ag_id":   id("Only records sent by this user id (`ag_id`)."),
			"dept_id": id("Only records of this department (`dept_id`)."),
			"records": framework.ComputedList("The matching send records, in the order the service lists them.", map[string]schema.Attribute{
				"id":              framework.ComputedInt64("Record id (`id`)."),
				"mobile":          framework.ComputedString("Recipient number (`mobile`)."),
				"tpl_id":          framework.ComputedInt64("Platform template id (`tpl_id`)."),
				"tpl_name":        framework.ComputedString("Template name (`tpl_name`)."),
				"sign_id":         framework.ComputedInt64("Platform signature id (`sign_id`)."),
				"sms_id":          framework.ComputedString("Platform record id (`sms_id`)."),
				"sms_params":      framework.ComputedString("Variable values as JSON text (`sms_params`)."),
				"sms_text":        framework.ComputedString("The text sent (`sms_text`)."),
				"time_add":        framework.ComputedString("When the send was accepted (`time_add`)."),
				"time_send":       framework.ComputedString("When it was handed to the channel (`time_send`); empty before."),
				"time_delivered":  framework.ComputedString("When the receipt confirmed delivery (`time_delivered`); empty before."),
				"result":          framework.ComputedInt64("`-1` sent, `1` success, `0` failed (`result`)."),
				"result_name":     framework.ComputedString("Result as text (`result_name`)."),
				"errmsg":          framework.ComputedString("Failure reason (`errmsg`)."),
				"country_code":    framework.ComputedString("Country code (`country_code`)."),
				"country_name":    framework.ComputedString("Country name (`country_name`)."),
				"area_code":       framework.ComputedString("Area code (`area_code`)."),
				"area_name":       framework.ComputedString("Area name (`area_name`)."),
				"user_id":         framework.ComputedString("Sender id (`user_id`)."),
				"user_name":       framework.ComputedString("Sender name (`user_name`)."),
				"user_data":       framework.ComputedString("Associated data as JSON text (`user_data`; its keys are not documented)."),
				"dept_id":         framework.ComputedInt64("Department id (`dept_id`)."),
				"dept_name":       framework.ComputedString("Department name (`dept_name`)."),
				"dept_name_chain": framework.ComputedString("Department path (`dept_name_chain`)."),
				"send_time":       framework.ComputedString("Send time (`send_time`)."),
				"sms_contents":    framework.ComputedString("Message contents (`sms_contents`)."),
				"sms_result":      framework.ComputedInt64("Send result code as the platform answers it (`sms_result`); the platform does not document its values, so read `result` and `result_name` instead."),
			}),
		}),
	}
}

func (d *smsRecordsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List SMS Records", func(ctx context.Context, m *smsRecordsModel) (err error) {
		f := client.SMSRecordFilter{
			StartTime: m.StartTime.ValueString(), EndTime: m.EndTime.ValueString(), Result: tfkit.Int64Ptr(m.Result),
			Mobile: client.CompactMobile(m.Mobile.ValueString()), TplID: tfkit.Int64Ptr(m.TplID), SignID: tfkit.Int64Ptr(m.SignID),
			AgID: tfkit.Int64Ptr(m.AgID), DeptID: tfkit.Int64Ptr(m.DeptID),
		}
		m.Records, err = flattenAll(d.Client.SMS.ListRecords(ctx, f), func(r *client.SMSRecord, i *smsRecordItem) {
			framework.Flatten(r, &i.smsRecordFields)
			// user_data is JSON text as answered; none (null) is empty.
			i.UserData = types.StringValue(string(r.UserData))
			if string(r.UserData) == "null" {
				i.UserData = types.StringValue("")
			}
		})
		if err == nil && len(m.Records) == 0 {
			for _, chk := range []struct {
				v   types.Int64
				mix platformIDMix
			}{{m.TplID, templateIDMix(d.Client)}, {m.SignID, signatureIDMix(d.Client)}} {
				if chk.v.IsNull() {
					continue
				}
				if summary, detail := chk.mix.explain(ctx, chk.v.ValueInt64()); summary != "" {
					resp.Diagnostics.AddAttributeWarning(path.Root(chk.mix.attr), summary, detail)
				}
			}
		}
		return err
	})
}

// platformIDMix explains an empty list for a filter (tpl_id, sign_id) given
// v when v is the id of an object (a template's or a signature's `id`,
// what sends and a template's sign_id take) and no object has v as its
// platform id (what send records carry and sms/record/list filters by:
// spec §2.3 to §2.5, §4.1): the filter matched nothing without a word.
// An id and a platform id are numbers of two platforms and may meet, so it
// warns: records of a deleted object may carry v. The object is read by id
// through its finder (a plan that refreshes it has read it already), the
// list only when one has that id; a read that fails says nothing.
type platformIDMix struct {
	// kind is the object's kind in a sentence ("template"), noun its
	// name ("SMS template"), title in a summary ("Template").
	attr, kind, title, noun, address string
	// get reads the object of id v: its name and platform id.
	get func(ctx context.Context, v int64) (name string, platformID int64, err error)
	// held tells whether an object has the platform id v.
	held func(ctx context.Context, v int64) (bool, error)
}

func (p platformIDMix) explain(ctx context.Context, v int64) (summary, detail string) {
	name, pid, err := p.get(ctx, v)
	if err != nil || pid == v {
		if err != nil && !client.IsNotFound(err) {
			tflog.Debug(ctx, p.attr+" not checked: the "+p.noun+" could not be read", map[string]any{"error": err.Error()})
		}
		return "", ""
	}
	if held, err := p.held(ctx, v); err != nil || held {
		return "", ""
	}
	return p.attr + " Is a " + p.title + "'s id, Not Its Platform id", fmt.Sprintf("%[1]s = %[2]d is the id of %[3]s %[4]q, not its platform %[7]s id: "+
		"send records carry the platform id (the %[7]s's %[1]s), which the record list filters by, and no %[7]s has the platform id %[2]d, "+
		"so no record matched. Write %[1]s = %[5]d, that %[7]s's %[1]s (%[6]s).", p.attr, v, p.noun, name, pid, p.address, p.kind)
}

// templateIDMix is platformIDMix for tpl_id: a template's id, what sends take.
func templateIDMix(c *client.Client) platformIDMix {
	return platformIDMix{attr: "tpl_id", kind: "template", title: "Template", noun: "SMS template", address: "contactcenter_sms_template.x.tpl_id, not its id",
		get: func(ctx context.Context, v int64) (string, int64, error) {
			t, err := c.SMS.GetTemplate(ctx, v)
			if err != nil {
				return "", 0, err
			}
			return string(t.TplTitle), t.TplID.Int64(), nil
		},
		held: func(ctx context.Context, v int64) (bool, error) {
			t, err := c.SMS.FindTemplateByTplID(ctx, v)
			return t != nil, err
		}}
}

// signatureIDMix is platformIDMix for sign_id: a signature's id, which a
// template's sign_id takes, and a configuration may well give here too.
func signatureIDMix(c *client.Client) platformIDMix {
	return platformIDMix{attr: "sign_id", kind: "signature", title: "Signature", noun: "SMS signature",
		address: "contactcenter_sms_signature.x.sign_id, not its id, which a template's sign_id takes",
		get: func(ctx context.Context, v int64) (string, int64, error) {
			s, err := c.SMS.GetSignature(ctx, v)
			if err != nil {
				return "", 0, err
			}
			return string(s.SignText), s.SignID.Int64(), nil
		},
		held: func(ctx context.Context, v int64) (bool, error) {
			s, err := c.SMS.FindSignatureBySignID(ctx, v)
			return s != nil, err
		}}
}

// ValidateConfig refuses a time range that ends before it starts (the
// format sorts as text, so comparing strings compares times).
func (d *smsRecordsDataSource) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	var m smsRecordsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// The pattern admits 2026-02-30 and 25:00:00; the service parses the
	// time and refuses them.
	for name, v := range map[string]types.String{"start_time": m.StartTime, "end_time": m.EndTime} {
		if v.IsNull() || v.IsUnknown() || !smsTimeRE.MatchString(v.ValueString()) {
			continue
		}
		if _, err := time.Parse(time.DateTime, v.ValueString()); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root(name), "Invalid Time",
				fmt.Sprintf("%s %q is not a date and time of the calendar, though written yyyy-mm-dd HH:ii:ss "+
					"(months 01-12, the days the month has, hours 00-23, minutes and seconds 00-59): give one such as 2026-03-01 09:30:00.", name, v.ValueString()))
		}
	}
	if resp.Diagnostics.HasError() || m.StartTime.IsNull() || m.StartTime.IsUnknown() || m.EndTime.IsNull() || m.EndTime.IsUnknown() {
		return
	}
	s, e := m.StartTime.ValueString(), m.EndTime.ValueString()
	if smsTimeRE.MatchString(s) && smsTimeRE.MatchString(e) && e < s {
		resp.Diagnostics.AddAttributeError(path.Root("end_time"), "Invalid Time Range",
			fmt.Sprintf("end_time %q is before start_time %q.", e, s))
	}
}

type smsRecordsModel struct {
	StartTime types.String    `tfsdk:"start_time"`
	EndTime   types.String    `tfsdk:"end_time"`
	Result    types.Int64     `tfsdk:"result"`
	Mobile    types.String    `tfsdk:"mobile"`
	TplID     types.Int64     `tfsdk:"tpl_id"`
	SignID    types.Int64     `tfsdk:"sign_id"`
	AgID      types.Int64     `tfsdk:"ag_id"`
	DeptID    types.Int64     `tfsdk:"dept_id"`
	Records   []smsRecordItem `tfsdk:"records"`
}

type smsRecordItem struct {
	smsRecordFields
	UserData types.String `tfsdk:"user_data"`
}

// smsRecordFields are the record's fields mapped by name (framework.Flatten).
type smsRecordFields struct {
	ID            types.Int64  `tfsdk:"id"`
	Mobile        types.String `tfsdk:"mobile"`
	TplID         types.Int64  `tfsdk:"tpl_id"`
	TplName       types.String `tfsdk:"tpl_name"`
	SignID        types.Int64  `tfsdk:"sign_id"`
	SmsID         types.String `tfsdk:"sms_id"`
	SmsParams     types.String `tfsdk:"sms_params"`
	SmsText       types.String `tfsdk:"sms_text"`
	TimeAdd       types.String `tfsdk:"time_add"`
	TimeSend      types.String `tfsdk:"time_send"`
	TimeDelivered types.String `tfsdk:"time_delivered"`
	Result        types.Int64  `tfsdk:"result"`
	ResultName    types.String `tfsdk:"result_name"`
	Errmsg        types.String `tfsdk:"errmsg"`
	CountryCode   types.String `tfsdk:"country_code"`
	CountryName   types.String `tfsdk:"country_name"`
	AreaCode      types.String `tfsdk:"area_code"`
	AreaName      types.String `tfsdk:"area_name"`
	UserID        types.String `tfsdk:"user_id"`
	UserName      types.String `tfsdk:"user_name"`
	DeptID        types.Int64  `tfsdk:"dept_id"`
	DeptName      types.String `tfsdk:"dept_name"`
	DeptNameChain types.String `tfsdk:"dept_name_chain"`
	SendTime      types.String `tfsdk:"send_time"`
	SmsContents   types.String `tfsdk:"sms_contents"`
	SmsResult     types.Int64  `tfsdk:"sms_result"`
}
