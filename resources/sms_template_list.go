package resources

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

type smsTemplateFilter struct {
	State   types.Int64  `tfsdk:"state"`
	Keyword types.String `tfsdk:"keyword"`
}

// NewSMSTemplateListResource lists SMS templates for `terraform query`.
func NewSMSTemplateListResource() list.ListResource {
	return newLister("sms_template", "SMS templates", "Without a filter every template is listed; `state` and `keyword` narrow the list (API: sms/template/list, 500 a page).",
		map[string]listschema.Attribute{
			"state": listschema.Int64Attribute{Optional: true, Validators: []validator.Int64{tfkit.OneOf(tfkit.Means(-1, "draft"), tfkit.Means(0, "pending review"), tfkit.Means(1, "approved"), tfkit.Means(2, "rejected"))}, MarkdownDescription: "Only templates in this state: `-1` draft, `0` pending review, `1` approved, `2` rejected."},
			"keyword": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only templates whose name contains this text, not empty.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), EdgeSpaces}},
		},
		func(t client.SMSTemplate) string { return string(t.TplTitle) },
		func(t *client.SMSTemplate, m *smsTemplateModel) {
			m.Timeouts = nullTimeouts("create", "update")
			m.flatten(t)
		},
		func(ctx context.Context, c *client.Client, f smsTemplateFilter) iter.Seq2[client.SMSTemplate, error] {
			return c.SMS.ListTemplates(ctx, client.SMSTemplateFilter{Keyword: f.Keyword.ValueString(), State: tfkit.Int64Ptr(f.State)})
		})
}
