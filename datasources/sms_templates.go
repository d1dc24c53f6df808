package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

var _ datasource.DataSourceWithConfigure = (*smsTemplatesDataSource)(nil)

// NewSMSTemplatesDataSource returns the contactcenter_sms_templates data source.
func NewSMSTemplatesDataSource() datasource.DataSource {
	return &smsTemplatesDataSource{DataSource: framework.NewDataSource("sms_templates")}
}

type smsTemplatesDataSource struct {
	framework.DataSource
}

func (d *smsTemplatesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str, num := framework.ComputedString, framework.ComputedInt64
	// The resource names the name, text and signature as template/store
	// does; the list answers them as tpl_title, tpl_text and new_sign_id.
	item := framework.ComputedAttributes(resources.SMSTemplateAttributes(),
		"template_name", "template_contents", "sign_id", "submit_for_review", "wait_for_approval")
	for name, a := range map[string]schema.Attribute{
		"vcc_id":          num("Enterprise id (`vcc_id`)."),
		"tpl_title":       str("Template name (`tpl_title`)."),
		"tpl_text":        str("Template body (`tpl_text`) with `${name}` variables."),
		"new_sign_id":     num("The signature's `id` (`new_sign_id`): the `id` of `contactcenter_sms_signature`, not its `sign_id`."),
		"remark":          str("Note (`remark`)."),
		"dept_name_chain": str("Department path (`dept_name_chain`)."),
		"verify_result":   num("Verification result as the platform answers it (`verify_result`); the platform does not document its values."),
	} {
		item[name] = a
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists SMS templates (what the platform holds of each `contactcenter_sms_template`), all of them or those matching the filters, reading every page (500 a page, the most the service allows). API: sms/template/list (spec §4.1, §2.4).",
		Attributes: framework.Strict(map[string]schema.Attribute{
			"dept_id": framework.OptionalInt64("Only templates of this department (`dept_id`).", int64validator.AtLeast(0)),
			"keyword": textFilter("Only templates whose name contains this text (`keyword`)."),
			"ids": schema.ListAttribute{
				Optional: true, ElementType: types.Int64Type,
				MarkdownDescription: "Only these template ids (`ids`, sent comma-separated).",
				Validators:          []validator.List{listvalidator.SizeAtLeast(1), listvalidator.ValueInt64sAre(int64validator.AtLeast(1))},
			},
			"state": framework.OptionalInt64("Only templates in this state (`state`): `-1` draft, `0` pending review, `1` approved, `2` rejected.",
				tfkit.OneOf(tfkit.Means(-1, "draft"), tfkit.Means(0, "pending review"), tfkit.Means(1, "approved"), tfkit.Means(2, "rejected"))),
			"templates": framework.ComputedList("The matching templates, in the order the service lists them.", item),
		}),
	}
}

func (d *smsTemplatesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List SMS Templates", func(ctx context.Context, m *smsTemplatesModel) (err error) {
		f := client.SMSTemplateFilter{DeptID: tfkit.Int64Ptr(m.DeptID), Keyword: m.Keyword.ValueString(), State: tfkit.Int64Ptr(m.State)}
		m.IDs.ElementsAs(ctx, &f.IDs, false) // validated: known int64s
		list, err := d.Client.SMS.ListTemplatesShared(ctx, f)
		m.Templates = flattenItems(list, func(t *client.SMSTemplate, i *smsTemplateItem) {
			i.Flatten(t)
			framework.Flatten(t, i) // the fields the resource names otherwise
		})
		return err
	})
}

type smsTemplatesModel struct {
	DeptID    types.Int64       `tfsdk:"dept_id"`
	Keyword   types.String      `tfsdk:"keyword"`
	IDs       types.List        `tfsdk:"ids"`
	State     types.Int64       `tfsdk:"state"`
	Templates []smsTemplateItem `tfsdk:"templates"`
}

type smsTemplateItem struct {
	resources.SMSTemplateItem
	VccID         types.Int64  `tfsdk:"vcc_id"`
	TplTitle      types.String `tfsdk:"tpl_title"`
	TplText       types.String `tfsdk:"tpl_text"`
	NewSignID     types.Int64  `tfsdk:"new_sign_id"`
	Remark        types.String `tfsdk:"remark"`
	DeptNameChain types.String `tfsdk:"dept_name_chain"`
	VerifyResult  types.Int64  `tfsdk:"verify_result"`
}
