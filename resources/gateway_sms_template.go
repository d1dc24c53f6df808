package resources

import (
	"context"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure   = (*gatewaySMSTemplateResource)(nil)
	_ resource.ResourceWithImportState = (*gatewaySMSTemplateResource)(nil)
	_ resource.ResourceWithIdentity    = (*gatewaySMSTemplateResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*gatewaySMSTemplateResource)(nil)
)

// NewGatewaySMSTemplateResource returns the contactcenter_gateway_sms_template resource.
func NewGatewaySMSTemplateResource() resource.Resource {
	r := &gatewaySMSTemplateResource{}
	r.Resource = framework.NewResource("gateway_sms_template")
	r.importRule = "A gateway SMS template is imported by its numeric id (tplId)"
	r.noun, r.replaceAttrs = "template", []string{"tpl_text", "tpl_type", "tpl_title", "remark", "sign_text"}
	r.label = func(m *gatewaySMSTemplateModel) (string, string) { return m.ID.ValueString(), m.TplTitle.ValueString() }
	r.steps = newGatewaySteps("Gateway SMS Template", r.get, func(m *gatewaySMSTemplateModel) review {
		return review{wait: m.WaitForApproval.ValueBool(), timeouts: m.Timeouts, state: m.State.ValueInt64(), reason: m.Reason.ValueString(),
			what: fmt.Sprintf("gateway template %s (%s)", m.ID.ValueString(), m.TplTitle.ValueString())}
	})
	return r
}

type gatewaySMSTemplateResource struct {
	gatewayResource[gatewaySMSTemplateModel]
}

func (r *gatewaySMSTemplateResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := GatewaySMSTemplateAttributes()
	attrs["timeouts"] = createTimeoutAttribute(ctx)
	resp.Schema = schema.Schema{
		MarkdownDescription: "An SMS template on the SMS gateway (the separate sending service whose requests are signed with the app key): a message text with `${name}` variables, sent by `contactcenter_gateway_sms_send`. " +
			"A new template is pending (`state = 0`) until the gateway's review approves it (set `wait_for_approval` to have the apply wait for that); only approved templates can send. The gateway has no update or delete interface: changing an argument the gateway holds (`tpl_title`, `tpl_text`, `tpl_type`, `sign_text`, `remark`) " +
			"replaces the template (`wait_for_approval` and `timeouts` are Terraform's settings: changing them updates nothing on the gateway), and " +
			"destroying it only removes it from Terraform state (the gateway keeps it). Needs `sms_app_id` and `sms_app_key`. " +
			"API: add_template, get_template (spec §4.8, §2.13).",
		Attributes: framework.OmitNulls(framework.Strict(attrs)),
	}
}

// GatewaySMSTemplateAttributes are the template's fields, declared once for the resource
// and the data source that lists them (wait_for_approval aside).
func GatewaySMSTemplateAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": framework.IDAttribute("The template id (`tplId`), used by `contactcenter_gateway_sms_send`."),
		"tpl_text": replaceString(schema.StringAttribute{
			Required: true,
			MarkdownDescription: "Template text (`tplText`). Variables are written `${name}` and filled by `sms_params` when sending. " +
				"At most 400 characters, the gateway's limit for a message text. Changing it replaces the template.",
			Validators: []validator.String{stringvalidator.UTF8LengthBetween(1, client.GatewayMaxContent), notBlank(), templateTextRule,
				signatureBrackets("sign_text"), fullWidthVariables, invisibleCharacters},
		}),
		"tpl_type": schema.Int64Attribute{
			Required:            true,
			MarkdownDescription: "Template type (`tplType`): `1` verification code, `2` notice, `3` marketing. Changing it replaces the template.",
			Validators:          []validator.Int64{tfkit.OneOf(tfkit.Means(1, "verification code"), tfkit.Means(2, "notice"), tfkit.Means(3, "marketing"))},
			PlanModifiers:       []planmodifier.Int64{int64planmodifier.RequiresReplace()},
		},
		"tpl_title": replaceString(schema.StringAttribute{
			Required: true, MarkdownDescription: "Template title (`tplTitle`). Changing it replaces the template.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1), notBlank()},
		}),
		"remark": replaceString(schema.StringAttribute{
			Optional: true, MarkdownDescription: "Note for the reviewer (`remark`). Changing it replaces the template.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		}),
		"sign_text": replaceString(schema.StringAttribute{
			Optional: true,
			MarkdownDescription: "Signature text the template is bound to (`signText`), without brackets; it must be the text of an existing " +
				"gateway signature. Changing it replaces the template.",
			Validators: gatewaySignTextRules(),
		}),
		"variables": schema.ListAttribute{
			Computed: true, ElementType: types.StringType,
			MarkdownDescription: "The distinct `${name}` variables of `tpl_text`, in order of first use: the positions of `sms_params` given as a list.",
			PlanModifiers:       []planmodifier.List{variablesOf("tpl_text")},
		},
		"state":             framework.StableInt64("Review state (`state`): `0` pending, `1` approved, `2` rejected. Refreshed on every read."),
		"reason":            framework.Stamp("Why the review rejected the template (`reason`); empty otherwise."),
		"wait_for_approval": waitForApprovalAttribute("template"),
	}
}

func (r *gatewaySMSTemplateResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = framework.IDIdentity("The template id (`tplId`).")
}

// Create sends add_template and, with wait_for_approval, waits for the review.
func (r *gatewaySMSTemplateResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.steps.create(ctx, req, resp, func(ctx context.Context, plan *gatewaySMSTemplateModel) error {
		id, err := r.Client.Gateway.AddTemplate(ctx, client.GatewayTemplateInput{
			TplText: plan.TplText.ValueString(), TplType: plan.TplType.ValueInt64(), TplTitle: plan.TplTitle.ValueString(),
			Remark: plan.Remark.ValueString(), SignText: plan.SignText.ValueString(),
		})
		// A new template is pending until the read-back says otherwise.
		plan.ID, plan.State, plan.Reason = types.StringValue(strconv.FormatInt(id, 10)), types.Int64Value(client.GatewayStatePending), types.StringValue("")
		// §7.4: 1018 signature does not exist, 1014 content over 400 characters.
		return tfkit.AttrOfCode(err, map[int64]string{client.GatewaySignatureMissing: "sign_text", client.GatewayContentTooLong: "tpl_text"})
	})
}

// ModifyPlan warns that a destroy or a replacement leaves the template on
// the gateway (it has no delete interface).
func (r *gatewaySMSTemplateResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.steps.PlanChecks(ctx, req, resp)
	r.forgetWarning(ctx, req, resp)
}

func (r *gatewaySMSTemplateResource) get(ctx context.Context, m *gatewaySMSTemplateModel) error {
	t, err := r.Client.Gateway.GetTemplate(ctx, framework.ID(m.ID))
	if err == nil {
		m.flatten(t)
	}
	return err
}

func (m *gatewaySMSTemplateModel) flatten(t *client.GatewayTemplate) {
	m.Flatten(t)
	notWaiting(&m.WaitForApproval)
}

// NewGatewaySMSTemplateListResource lists the gateway's templates for `terraform query`, 50 a
// page (the largest page of get_sign and get_template).
func NewGatewaySMSTemplateListResource() list.ListResource {
	return newLister("gateway_sms_template", "gateway SMS templates", "Every template of the app is listed; `state` narrows the list (API: get_template, 50 a page).",
		gatewayFilters("templates", 0, 1, 2), func(g client.GatewayTemplate) string { return string(g.TplTitle) },
		func(g *client.GatewayTemplate, m *gatewaySMSTemplateModel) {
			m.Timeouts = nullTimeouts("create")
			m.flatten(g)
		},
		func(ctx context.Context, c *client.Client, f gatewayFilter) iter.Seq2[client.GatewayTemplate, error] {
			return filtered(c.Gateway.ListTemplates(ctx, nil), func(g client.GatewayTemplate) bool { return f.keeps(g.State) })
		})
}

// variablesValue is the list of a template text's variables.
func variablesValue(text string) types.List {
	vars, _ := client.TemplateVariables(text)
	return stringList(vars)
}

// stringList is a known list of strings (empty, never null, for none).
func stringList(ss []string) types.List {
	elems := make([]attr.Value, 0, len(ss))
	for _, v := range ss {
		elems = append(elems, types.StringValue(v))
	}
	l, _ := types.ListValue(types.StringType, elems)
	return l
}

// templateTextValidator checks `${name}` variables are well formed, which
// the gateway answers with 1015 otherwise.
type templateTextValidator struct{ framework.Described }

var templateTextRule = templateTextValidator{"variables must be written ${name}"}

func (templateTextValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := client.TemplateVariables(req.ConfigValue.ValueString()); err != nil {
		// The client's rule names the API's field (tplText); the user
		// wrote the attribute.
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Template Text",
			fmt.Sprintf("%s: variables must be written ${name} (the gateway answers code 1015 otherwise).",
				strings.Replace(err.Error(), "tplText", tfkit.AttrName(req.Path), 1)))
	}
}

// variablesOf is the plan modifier of a computed list of a template's
// variables: they follow from the text attribute (the distinct `${name}` in
// order of first use, client.TemplateVariables), so a new or changed text
// plans them known. An unchanged text keeps what the platform said.
func variablesOf(text string) planmodifier.List { return variablesModifier{text: path.Root(text)} }

type variablesModifier struct{ text path.Path }

func (m variablesModifier) Description(context.Context) string {
	return "The variables of " + m.text.String() + ", known at plan time."
}

func (m variablesModifier) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (m variablesModifier) PlanModifyList(ctx context.Context, req planmodifier.ListRequest, resp *planmodifier.ListResponse) {
	var planned, prior types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, m.text, &planned)...)
	if !req.State.Raw.IsNull() {
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, m.text, &prior)...)
	}
	switch {
	case planned.IsUnknown() || planned.IsNull() || resp.Diagnostics.HasError():
	case planned.Equal(prior) && !req.StateValue.IsNull():
		resp.PlanValue = req.StateValue
	default:
		resp.PlanValue = variablesValue(planned.ValueString())
	}
}

// GatewaySMSTemplateItem is a template as the gateway answers it: the fields the resource and
// the data source share.
type GatewaySMSTemplateItem struct {
	ID        types.String `tfsdk:"id"`
	TplText   types.String `tfsdk:"tpl_text"`
	TplType   types.Int64  `tfsdk:"tpl_type"`
	TplTitle  types.String `tfsdk:"tpl_title"`
	Remark    types.String `tfsdk:"remark"`
	SignText  types.String `tfsdk:"sign_text"`
	Variables types.List   `tfsdk:"variables"`
	State     types.Int64  `tfsdk:"state"`
	Reason    types.String `tfsdk:"reason"`
}

// Flatten fills the item from the gateway's template.
func (i *GatewaySMSTemplateItem) Flatten(t *client.GatewayTemplate) {
	i.ID = types.StringValue(strconv.FormatInt(t.Identifier(), 10))
	i.TplText = types.StringValue(string(t.TplText))
	i.TplType = types.Int64Value(int64(t.TplType))
	i.TplTitle = types.StringValue(string(t.TplTitle))
	i.Remark = tfkit.StringOrNull(string(t.Remark))
	i.SignText = tfkit.StringOrNull(string(t.SignText))
	i.State = types.Int64Value(int64(t.State))
	i.Reason = types.StringValue(string(t.Reason))
	i.Variables = variablesValue(string(t.TplText))
}

type gatewaySMSTemplateModel struct {
	GatewaySMSTemplateItem
	WaitForApproval types.Bool     `tfsdk:"wait_for_approval"`
	Timeouts        timeouts.Value `tfsdk:"timeouts"`
}
