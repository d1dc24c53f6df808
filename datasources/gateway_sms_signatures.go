package datasources

import (
	"context"
	"regexp"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ datasource.DataSourceWithConfigure        = (*gatewaySMSSignaturesDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*gatewaySMSSignaturesDataSource)(nil)
)

// NewGatewaySMSSignaturesDataSource returns the contactcenter_gateway_sms_signatures data source.
func NewGatewaySMSSignaturesDataSource() datasource.DataSource {
	return &gatewaySMSSignaturesDataSource{DataSource: framework.NewDataSource("gateway_sms_signatures")}
}

type gatewaySMSSignaturesDataSource struct {
	framework.DataSource
}

// gatewaySelectorAttributes are the "by ids or by page" arguments of
// get_sign and get_template (§4.8).
func gatewaySelectorAttributes(idField string) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"ids": schema.ListAttribute{
			Optional: true, ElementType: types.StringType,
			MarkdownDescription: "Only these ids (`" + idField + "`), as the `id` of the resource. Unknown ids are left out of the result. Cannot be combined with `max`.",
			Validators: []validator.List{listvalidator.SizeAtLeast(1), listvalidator.ValueStringsAre(
				stringvalidator.RegexMatches(regexp.MustCompile(`^[0-9]+$`), "must be a numeric id"))},
		},
		"max": schema.Int64Attribute{
			Optional: true,
			MarkdownDescription: "Read one page of at most this many items (`max`, `1` to `50`) starting at `offset`. " +
				"When neither `ids` nor `max` is set, every item is read, 50 per request.",
			Validators: []validator.Int64{int64validator.Between(1, client.GatewayMaxPage)},
		},
		"offset": schema.Int64Attribute{
			Optional: true, MarkdownDescription: "Index of the page's first item (`offset`, from `0`). Requires `max`; defaults to `0`.",
			Validators: []validator.Int64{int64validator.AtLeast(0), int64validator.AlsoRequires(path.MatchRoot("max"))},
		},
		"total": schema.Int64Attribute{
			Computed:            true,
			MarkdownDescription: "The total the gateway reports (`count`; renamed because `count` is reserved in Terraform): every item in page mode, the items found with `ids`.",
		},
	}
}

func (d *gatewaySMSSignaturesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := gatewaySelectorAttributes("signId")
	attrs["signatures"] = schema.ListNestedAttribute{
		Computed: true, MarkdownDescription: "The signatures, ordered by id.",
		NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"id":        schema.StringAttribute{Computed: true, MarkdownDescription: "Signature id (`id` or `signId`)."},
			"sign_text": schema.StringAttribute{Computed: true, MarkdownDescription: "Signature text, without brackets (`text`)."},
			"state":     schema.Int64Attribute{Computed: true, MarkdownDescription: "`-1` draft, `0` pending, `1` approved, `2` rejected."},
			"reason":    schema.StringAttribute{Computed: true, MarkdownDescription: "Why the review rejected it."},
		}},
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads SMS signatures of the SMS gateway (get_sign, spec §4.8, §2.13): by ids, one page, or all of them.",
		Attributes:          attrs,
	}
}

func (d *gatewaySMSSignaturesDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{datasourcevalidator.Conflicting(path.MatchRoot("ids"), path.MatchRoot("max"))}
}

func (d *gatewaySMSSignaturesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m gatewaySMSSignaturesModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var items []client.GatewaySignature
	var err error
	switch {
	case m.IDs != nil:
		items, err = d.Client.Gateway.GetSignatures(ctx, parseIDs(m.IDs))
		m.Total = types.Int64Value(int64(len(items)))
	case !m.Max.IsNull():
		var count int
		items, count, err = d.Client.Gateway.SignaturesPage(ctx, client.GatewayPage{Max: int(m.Max.ValueInt64()), Offset: int(m.Offset.ValueInt64())})
		m.Total = types.Int64Value(int64(count))
	default:
		items, err = client.Collect(d.Client.Gateway.ListSignatures(ctx))
		m.Total = types.Int64Value(int64(len(items)))
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Gateway SMS Signatures", err)
		return
	}
	m.Signatures = make([]gatewaySMSSignatureItem, 0, len(items))
	for _, g := range items {
		m.Signatures = append(m.Signatures, gatewaySMSSignatureItem{
			ID: types.StringValue(strconv.FormatInt(g.Identifier(), 10)), SignText: types.StringValue(g.Content()),
			State: types.Int64Value(int64(g.State)), Reason: types.StringValue(string(g.Reason)),
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// parseIDs converts validated numeric ids.
func parseIDs(ss []string) []int64 {
	out := make([]int64, 0, len(ss))
	for _, s := range ss {
		n, _ := strconv.ParseInt(s, 10, 64)
		out = append(out, n)
	}
	return out
}

type gatewaySMSSignaturesModel struct {
	IDs        []string                  `tfsdk:"ids"`
	Max        types.Int64               `tfsdk:"max"`
	Offset     types.Int64               `tfsdk:"offset"`
	Total      types.Int64               `tfsdk:"total"`
	Signatures []gatewaySMSSignatureItem `tfsdk:"signatures"`
}

type gatewaySMSSignatureItem struct {
	ID       types.String `tfsdk:"id"`
	SignText types.String `tfsdk:"sign_text"`
	State    types.Int64  `tfsdk:"state"`
	Reason   types.String `tfsdk:"reason"`
}
