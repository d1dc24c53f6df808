package datasources

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ datasource.DataSourceWithConfigure = (*smsSignaturesDataSource)(nil)

// NewSMSSignaturesDataSource returns the contactcenter_sms_signatures data source.
func NewSMSSignaturesDataSource() datasource.DataSource {
	return &smsSignaturesDataSource{DataSource: framework.NewDataSource("sms_signatures")}
}

type smsSignaturesDataSource struct {
	framework.DataSource
}

func (d *smsSignaturesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
	}
	num := func(desc string) schema.Int64Attribute {
		return schema.Int64Attribute{Computed: true, MarkdownDescription: desc}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists SMS signatures (sms/sign/list, spec §4.1, §2.3), paging through every page (500 a page, the §8 maximum).",
		Attributes: map[string]schema.Attribute{
			"sign_text": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Only signatures whose text contains this (`sign_text`, a fuzzy match).",
			},
			"state": schema.Int64Attribute{
				Optional: true, MarkdownDescription: "Only signatures in this review state (`state`): `0` reviewing, `1` approved, `2` rejected.",
				Validators: []validator.Int64{int64validator.OneOf(0, 1, 2)},
			},
			"signatures": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching signatures, newest first.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":         str("Signature id (`id`); templates refer to it as `sign_id`."),
					"vcc_id":     num("Enterprise id (`vcc_id`)."),
					"sign_id":    num("Signature id on the SMS platform (`sign_id`)."),
					"sign_text":  str("Signature text (`sign_text`)."),
					"add_time":   str("Creation time (`add_time`)."),
					"add_user":   str("Creator (`add_user`)."),
					"state":      num("`0` reviewing, `1` approved, `2` rejected (`state`)."),
					"state_name": str("State as text (`state_name`)."),
					"reason":     str("Rejection reason (`reason`)."),
					"remark":     str("Note (`remark`)."),
					"is_used": schema.BoolAttribute{
						Computed: true, MarkdownDescription: "Whether a template uses the signature (`is_used`).",
					},
				}},
			},
		},
	}
}

func (d *smsSignaturesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m smsSignaturesModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	f := client.SMSSignatureFilter{SignText: m.SignText.ValueString(), State: tfkit.Int64Ptr(m.State)}
	m.Signatures = []smsSignatureItem{}
	for s, err := range d.Client.SMS.ListSignatures(ctx, f) {
		if err != nil {
			tfkit.AddAPIError(&resp.Diagnostics, "Unable to List SMS Signatures", err)
			return
		}
		m.Signatures = append(m.Signatures, smsSignatureItem{
			ID: types.StringValue(strconv.FormatInt(int64(s.ID), 10)), VccID: types.Int64Value(int64(s.VccID)),
			SignID: types.Int64Value(int64(s.SignID)), SignText: types.StringValue(string(s.SignText)),
			AddTime: types.StringValue(string(s.AddTime)), AddUser: types.StringValue(string(s.AddUser)),
			State: types.Int64Value(int64(s.State)), StateName: types.StringValue(string(s.StateName)),
			Reason: types.StringValue(string(s.Reason)), Remark: types.StringValue(string(s.Remark)),
			IsUsed: types.BoolValue(bool(s.IsUsed)),
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

type smsSignaturesModel struct {
	SignText   types.String       `tfsdk:"sign_text"`
	State      types.Int64        `tfsdk:"state"`
	Signatures []smsSignatureItem `tfsdk:"signatures"`
}

type smsSignatureItem struct {
	ID        types.String `tfsdk:"id"`
	VccID     types.Int64  `tfsdk:"vcc_id"`
	SignID    types.Int64  `tfsdk:"sign_id"`
	SignText  types.String `tfsdk:"sign_text"`
	AddTime   types.String `tfsdk:"add_time"`
	AddUser   types.String `tfsdk:"add_user"`
	State     types.Int64  `tfsdk:"state"`
	StateName types.String `tfsdk:"state_name"`
	Reason    types.String `tfsdk:"reason"`
	Remark    types.String `tfsdk:"remark"`
	IsUsed    types.Bool   `tfsdk:"is_used"`
}
