package datasources

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ datasource.DataSourceWithConfigure        = (*gatewaySMSTemplatesDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*gatewaySMSTemplatesDataSource)(nil)
)

// NewGatewaySMSTemplatesDataSource returns the contactcenter_gateway_sms_templates data source.
func NewGatewaySMSTemplatesDataSource() datasource.DataSource {
	return &gatewaySMSTemplatesDataSource{DataSource: framework.NewDataSource("gateway_sms_templates")}
}

type gatewaySMSTemplatesDataSource struct {
	framework.DataSource
}

func (d *gatewaySMSTemplatesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := gatewaySelectorAttributes("tplId")
	attrs["vcc_id"] = schema.Int64Attribute{
		Optional: true,
		MarkdownDescription: "Enterprise id (`vccId`). When set, the gateway ignores the appId and returns the templates of the whole enterprise. " +
			"Applies to page mode and to reading all; not sent with `ids`.",
	}
	str := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
	}
	attrs["templates"] = schema.ListNestedAttribute{
		Computed: true, MarkdownDescription: "The templates, ordered by id.",
		NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"id":        str("Template id (`id`), the `tpl_id` of `contactcenter_gateway_sms_send`."),
			"tpl_title": str("Template title (`tplTitle`)."),
			"tpl_text":  str("Template text with `${name}` variables (`tplText`)."),
			"tpl_type":  schema.Int64Attribute{Computed: true, MarkdownDescription: "`1` verification code, `2` notice, `3` marketing (`tplType`)."},
			"remark":    str("Note (`remark`)."),
			"sign_text": str("Signature text the template is bound to (`signText`)."),
			"state":     schema.Int64Attribute{Computed: true, MarkdownDescription: "`0` pending, `1` approved, `2` rejected (`state`)."},
			"reason":    str("Why the review rejected it (`reason`)."),
			"variables": schema.ListAttribute{Computed: true, ElementType: types.StringType,
				MarkdownDescription: "The distinct `${name}` variables of `tpl_text`, in order of first use."},
		}},
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads SMS templates of the SMS gateway (get_template, spec §4.8, §2.13): by ids, one page, or all of them.",
		Attributes:          attrs,
	}
}

func (d *gatewaySMSTemplatesDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.Conflicting(path.MatchRoot("ids"), path.MatchRoot("max")),
		datasourcevalidator.Conflicting(path.MatchRoot("ids"), path.MatchRoot("vcc_id")),
	}
}

func (d *gatewaySMSTemplatesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m gatewaySMSTemplatesModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var items []client.GatewayTemplate
	var err error
	vcc := tfkit.Int64Ptr(m.VccID)
	switch {
	case m.IDs != nil:
		items, err = d.Client.Gateway.GetTemplates(ctx, parseIDs(m.IDs))
		m.Total = types.Int64Value(int64(len(items)))
	case !m.Max.IsNull():
		var count int
		items, count, err = d.Client.Gateway.TemplatesPage(ctx, client.GatewayPage{Max: int(m.Max.ValueInt64()), Offset: int(m.Offset.ValueInt64())}, vcc)
		m.Total = types.Int64Value(int64(count))
	default:
		items, err = client.Collect(d.Client.Gateway.ListTemplates(ctx, vcc))
		m.Total = types.Int64Value(int64(len(items)))
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Gateway SMS Templates", err)
		return
	}
	m.Templates = make([]gatewaySMSTemplateItem, 0, len(items))
	for _, t := range items {
		vars, _ := client.TemplateVariables(string(t.TplText))
		vals := make([]attr.Value, len(vars))
		for i, v := range vars {
			vals[i] = types.StringValue(v)
		}
		list, diags := types.ListValue(types.StringType, vals)
		resp.Diagnostics.Append(diags...)
		m.Templates = append(m.Templates, gatewaySMSTemplateItem{
			ID: types.StringValue(strconv.FormatInt(t.Identifier(), 10)), TplTitle: types.StringValue(string(t.TplTitle)),
			TplText: types.StringValue(string(t.TplText)), TplType: types.Int64Value(int64(t.TplType)),
			Remark: types.StringValue(string(t.Remark)), SignText: types.StringValue(string(t.SignText)),
			State: types.Int64Value(int64(t.State)), Reason: types.StringValue(string(t.Reason)), Variables: list,
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

type gatewaySMSTemplatesModel struct {
	IDs       []string                 `tfsdk:"ids"`
	Max       types.Int64              `tfsdk:"max"`
	Offset    types.Int64              `tfsdk:"offset"`
	Total     types.Int64              `tfsdk:"total"`
	VccID     types.Int64              `tfsdk:"vcc_id"`
	Templates []gatewaySMSTemplateItem `tfsdk:"templates"`
}

type gatewaySMSTemplateItem struct {
	ID        types.String `tfsdk:"id"`
	TplTitle  types.String `tfsdk:"tpl_title"`
	TplText   types.String `tfsdk:"tpl_text"`
	TplType   types.Int64  `tfsdk:"tpl_type"`
	Remark    types.String `tfsdk:"remark"`
	SignText  types.String `tfsdk:"sign_text"`
	State     types.Int64  `tfsdk:"state"`
	Reason    types.String `tfsdk:"reason"`
	Variables types.List   `tfsdk:"variables"`
}
