package datasources

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
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
	str := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
	}
	num := func(desc string) schema.Int64Attribute {
		return schema.Int64Attribute{Computed: true, MarkdownDescription: desc}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists SMS templates (sms/template/list, spec §4.1, §2.4), paging through every page (500 a page, the §8 maximum).",
		Attributes: map[string]schema.Attribute{
			"dept_id": schema.Int64Attribute{
				Optional: true, MarkdownDescription: "Only templates of this department (`dept_id`).",
				Validators: []validator.Int64{int64validator.AtLeast(0)},
			},
			"keyword": schema.StringAttribute{
				Optional: true, MarkdownDescription: "Only templates whose name contains this text (`keyword`).",
			},
			"ids": schema.ListAttribute{
				Optional: true, ElementType: types.Int64Type,
				MarkdownDescription: "Only these template ids (`ids`, sent comma-separated).",
				Validators:          []validator.List{listvalidator.SizeAtLeast(1), listvalidator.ValueInt64sAre(int64validator.AtLeast(1))},
			},
			"state": schema.Int64Attribute{
				Optional: true, MarkdownDescription: "Only templates in this state (`state`): `-1` draft, `0` pending review, `1` approved, `2` rejected.",
				Validators: []validator.Int64{int64validator.OneOf(-1, 0, 1, 2)},
			},
			"templates": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching templates, newest first.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":              str("Template id (`id`), the `template_id` of a send."),
					"vcc_id":          num("Enterprise id (`vcc_id`)."),
					"tpl_id":          num("Template id on the SMS platform (`tpl_id`); send records carry it."),
					"tpl_title":       str("Template name (`tpl_title`)."),
					"tpl_text":        str("Template body (`tpl_text`) with `${name}` variables."),
					"tpl_type":        num("`1` verification code, `2` notice, `3` marketing (`tpl_type`)."),
					"tpl_type_name":   str("Type as text (`tpl_type_name`)."),
					"new_sign_id":     num("Signature id (`new_sign_id`)."),
					"sign_text":       str("Signature text (`sign_text`)."),
					"state":           num("`-1` draft, `0` pending review, `1` approved, `2` rejected (`state`)."),
					"state_name":      str("State as text (`state_name`)."),
					"reason":          str("Rejection reason (`reason`)."),
					"remark":          str("Note (`remark`)."),
					"dept_id":         num("Owning department (`dept_id`)."),
					"dept_name":       str("Department name (`dept_name`)."),
					"dept_name_chain": str("Department path (`dept_name_chain`)."),
					"verify_result":   num("`verify_result` as answered; the spec does not give its meaning."),
					"tpl_param": schema.ListAttribute{
						Computed: true, ElementType: types.StringType,
						MarkdownDescription: "Variable names (`tpl_param`), in order of appearance.",
					},
				}},
			},
		},
	}
}

func (d *smsTemplatesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m smsTemplatesModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	f := client.SMSTemplateFilter{DeptID: tfkit.Int64Ptr(m.DeptID), Keyword: m.Keyword.ValueString(), State: tfkit.Int64Ptr(m.State)}
	resp.Diagnostics.Append(m.IDs.ElementsAs(ctx, &f.IDs, false)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m.Templates = []smsTemplateItem{}
	for t, err := range d.Client.SMS.ListTemplates(ctx, f) {
		if err != nil {
			tfkit.AddAPIError(&resp.Diagnostics, "Unable to List SMS Templates", err)
			return
		}
		params := t.TplParam
		if params == nil {
			params = []string{}
		}
		pl, diags := types.ListValueFrom(ctx, types.StringType, params)
		resp.Diagnostics.Append(diags...)
		m.Templates = append(m.Templates, smsTemplateItem{
			ID: types.StringValue(strconv.FormatInt(int64(t.ID), 10)), VccID: types.Int64Value(int64(t.VccID)),
			TplID: types.Int64Value(int64(t.TplID)), TplTitle: types.StringValue(string(t.TplTitle)),
			TplText: types.StringValue(string(t.TplText)), TplType: types.Int64Value(int64(t.TplType)),
			TplTypeName: types.StringValue(string(t.TplTypeName)), NewSignID: types.Int64Value(int64(t.NewSignID)),
			SignText: types.StringValue(string(t.SignText)), State: types.Int64Value(int64(t.State)),
			StateName: types.StringValue(string(t.StateName)), Reason: types.StringValue(string(t.Reason)),
			Remark: types.StringValue(string(t.Remark)), DeptID: types.Int64Value(int64(t.DeptID)),
			DeptName: types.StringValue(string(t.DeptName)), DeptNameChain: types.StringValue(string(t.DeptNameChain)),
			VerifyResult: types.Int64Value(int64(t.VerifyResult)), TplParam: pl,
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

type smsTemplatesModel struct {
	DeptID    types.Int64       `tfsdk:"dept_id"`
	Keyword   types.String      `tfsdk:"keyword"`
	IDs       types.List        `tfsdk:"ids"`
	State     types.Int64       `tfsdk:"state"`
	Templates []smsTemplateItem `tfsdk:"templates"`
}

type smsTemplateItem struct {
	ID            types.String `tfsdk:"id"`
	VccID         types.Int64  `tfsdk:"vcc_id"`
	TplID         types.Int64  `tfsdk:"tpl_id"`
	TplTitle      types.String `tfsdk:"tpl_title"`
	TplText       types.String `tfsdk:"tpl_text"`
	TplType       types.Int64  `tfsdk:"tpl_type"`
	TplTypeName   types.String `tfsdk:"tpl_type_name"`
	NewSignID     types.Int64  `tfsdk:"new_sign_id"`
	SignText      types.String `tfsdk:"sign_text"`
	State         types.Int64  `tfsdk:"state"`
	StateName     types.String `tfsdk:"state_name"`
	Reason        types.String `tfsdk:"reason"`
	Remark        types.String `tfsdk:"remark"`
	DeptID        types.Int64  `tfsdk:"dept_id"`
	DeptName      types.String `tfsdk:"dept_name"`
	DeptNameChain types.String `tfsdk:"dept_name_chain"`
	VerifyResult  types.Int64  `tfsdk:"verify_result"`
	TplParam      types.List   `tfsdk:"tpl_param"`
}
