package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
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
			"Applies to page mode and to reading all; cannot be combined with `ids`.",
	}
	attrs["templates"] = framework.ComputedList("The templates, ordered by id.",
		framework.ComputedAttributes(resources.GatewaySMSTemplateAttributes(), "wait_for_approval"))
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads templates of the SMS gateway (the attributes of `contactcenter_gateway_sms_template`): by ids, one page, or all of them. API: get_template (spec §4.8, §2.13).",
		Attributes:          framework.Strict(attrs),
	}
}

func (d *gatewaySMSTemplatesDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.Conflicting(path.MatchRoot("ids"), path.MatchRoot("max")),
		datasourcevalidator.Conflicting(path.MatchRoot("ids"), path.MatchRoot("vcc_id")),
	}
}

func (d *gatewaySMSTemplatesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to Read Gateway SMS Templates", func(ctx context.Context, m *gatewaySMSTemplatesModel) error {
		gw, vcc := d.Client.Gateway, tfkit.Int64Ptr(m.VccID)
		page := func(ctx context.Context, p client.GatewayPage) ([]client.GatewayTemplate, int, error) {
			return gw.TemplatesPage(ctx, p, vcc)
		}
		items, total, err := gatewaySelect(ctx, m.gatewaySelection, gw.GetTemplates, page, func(ctx context.Context) ([]client.GatewayTemplate, error) {
			return gw.ListTemplatesShared(ctx, vcc)
		})
		m.Total, m.Templates = total, flattenItems(byID(items, client.GatewayTemplate.Identifier), func(t *client.GatewayTemplate, i *resources.GatewaySMSTemplateItem) { i.Flatten(t) })
		return err
	})
}

type gatewaySMSTemplatesModel struct {
	gatewaySelection
	VccID     types.Int64                        `tfsdk:"vcc_id"`
	Templates []resources.GatewaySMSTemplateItem `tfsdk:"templates"`
}
