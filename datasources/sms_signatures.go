package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
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
	item := framework.ComputedAttributes(resources.SMSSignatureAttributes(), "wait_for_approval")
	item["vcc_id"] = framework.ComputedInt64("Enterprise id (`vcc_id`).")
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists SMS signatures (what the platform holds of each `contactcenter_sms_signature`), all of them or those matching the filters, reading every page (500 a page, the most the service allows). API: sms/sign/list (spec §4.1, §2.3).",
		Attributes: framework.Strict(map[string]schema.Attribute{
			// Signatures are stored trimmed and matched as given (§4.1).
			"sign_text": textFilter("Only signatures whose text contains this (`sign_text`, a fuzzy match)."),
			"state": framework.OptionalInt64("Only signatures in this review state (`state`): `0` reviewing, `1` approved, `2` rejected.",
				tfkit.OneOf(tfkit.Means(0, "reviewing"), tfkit.Means(1, "approved"), tfkit.Means(2, "rejected"))),
			"signatures": framework.ComputedList("The matching signatures, in the order the service lists them.", item),
		}),
	}
}

func (d *smsSignaturesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List SMS Signatures", func(ctx context.Context, m *smsSignaturesModel) (err error) {
		f := client.SMSSignatureFilter{SignText: m.SignText.ValueString(), State: tfkit.Int64Ptr(m.State)}
		list, err := d.Client.SMS.ListSignaturesShared(ctx, f)
		m.Signatures = flattenItems(list, func(s *client.SMSSignature, i *smsSignatureItem) {
			i.Flatten(s)
			i.VccID = types.Int64Value(int64(s.VccID))
		})
		return err
	})
}

type smsSignaturesModel struct {
	SignText   types.String       `tfsdk:"sign_text"`
	State      types.Int64        `tfsdk:"state"`
	Signatures []smsSignatureItem `tfsdk:"signatures"`
}

type smsSignatureItem struct {
	resources.SMSSignatureItem
	VccID types.Int64 `tfsdk:"vcc_id"`
}
