package datasources

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
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
			Validators:          []validator.List{listvalidator.SizeAtLeast(1), listvalidator.ValueStringsAre(gatewayIDRule)},
		},
		"max": framework.OptionalInt64("Read one page of at most this many items (`max`, `1` to `50`) starting at `offset`. "+
			"When neither `ids` nor `max` is set, every item is read, 50 per request.",
			int64validator.Between(1, client.GatewayMaxPage)),
		"offset": schema.Int64Attribute{
			Optional: true, MarkdownDescription: "Index of the page's first item (`offset`, from `0`). Requires `max`; defaults to `0`.",
			// At most 2^31-1: the request's int holds it on every platform (on a 32-bit build 3000000000 went out negative).
			Validators: []validator.Int64{int64validator.Between(0, math.MaxInt32), int64validator.AlsoRequires(path.MatchRoot("max"))},
		},
		"total": framework.ComputedInt64("The total the gateway reports (`count`; renamed because `count` is reserved in Terraform): every item in page mode, the items found with `ids`."),
	}
}

// gatewaySelection is the model of gatewaySelectorAttributes.
type gatewaySelection struct {
	IDs    []string    `tfsdk:"ids"`
	Max    types.Int64 `tfsdk:"max"`
	Offset types.Int64 `tfsdk:"offset"`
	Total  types.Int64 `tfsdk:"total"`
}

func (d *gatewaySMSSignaturesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := gatewaySelectorAttributes("signId")
	attrs["signatures"] = framework.ComputedList("The signatures, ordered by id.",
		framework.ComputedAttributes(resources.GatewaySMSSignatureAttributes(), "pic_file", "pic_sha256", "remark", "wait_for_approval"))
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads signatures of the SMS gateway (the attributes of `contactcenter_gateway_sms_signature` that the gateway gives back): by ids, one page, or all of them. API: get_sign (spec §4.8, §2.13).",
		Attributes:          framework.Strict(attrs),
	}
}

func (d *gatewaySMSSignaturesDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{datasourcevalidator.Conflicting(path.MatchRoot("ids"), path.MatchRoot("max"))}
}

func (d *gatewaySMSSignaturesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to Read Gateway SMS Signatures", func(ctx context.Context, m *gatewaySMSSignaturesModel) error {
		gw := d.Client.Gateway
		items, total, err := gatewaySelect(ctx, m.gatewaySelection, gw.GetSignatures, gw.SignaturesPage, gw.ListSignaturesShared)
		m.Total, m.Signatures = total, flattenItems(byID(items, client.GatewaySignature.Identifier), func(g *client.GatewaySignature, i *resources.GatewaySMSSignatureItem) { i.Flatten(g) })
		return err
	})
}

// gatewaySelect reads gateway objects by ids, one page, or all of them, as
// the selector attributes ask, with the total to report.
func gatewaySelect[T any](ctx context.Context, sel gatewaySelection,
	byIDs func(context.Context, []int64) ([]T, error),
	page func(context.Context, client.GatewayPage) ([]T, int, error),
	all func(context.Context) ([]T, error),
) ([]T, types.Int64, error) {
	var items []T
	var err error
	count := -1
	switch {
	case sel.IDs != nil:
		items, err = byIDs(ctx, parseIDs(sel.IDs))
	case !sel.Max.IsNull():
		items, count, err = page(ctx, client.GatewayPage{Max: int(sel.Max.ValueInt64()), Offset: int(sel.Offset.ValueInt64())})
	default:
		items, err = all(ctx)
	}
	if count < 0 {
		count = len(items)
	}
	return items, types.Int64Value(int64(count)), err
}

// gatewayID refuses an id in ids that is not digits, or that the
// request's int64 does not hold: a longer one was read as 0, and the list
// came back empty without a word. Every id up to 9223372036854775807 is
// taken (19 digits), as the resources' import takes it.
type gatewayID struct{ framework.Described }

var gatewayIDRule = gatewayID{"must be a numeric id from 0 to 9223372036854775807"}

func (v gatewayID) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := req.ConfigValue.ValueString()
	if _, err := strconv.ParseInt(s, 10, 64); !numericID.MatchString(s) || err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value Match",
			fmt.Sprintf("Attribute %s %s, got: %s", req.Path, v.Description(ctx), s))
	}
}

var numericID = regexp.MustCompile(`^[0-9]+$`)

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
	gatewaySelection
	Signatures []resources.GatewaySMSSignatureItem `tfsdk:"signatures"`
}
