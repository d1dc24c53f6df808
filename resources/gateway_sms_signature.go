package resources

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"iter"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure      = (*gatewaySMSSignatureResource)(nil)
	_ resource.ResourceWithImportState    = (*gatewaySMSSignatureResource)(nil)
	_ resource.ResourceWithIdentity       = (*gatewaySMSSignatureResource)(nil)
	_ resource.ResourceWithValidateConfig = (*gatewaySMSSignatureResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*gatewaySMSSignatureResource)(nil)
)

// gatewaySignTextRE refuses brackets: the gateway takes the text without them (§4.8).
var gatewaySignTextRE = regexp.MustCompile(`^[^【】\[\]]*$`)

// gatewaySignTextRules are the rules of a gateway signature text, the
// signature's own and the one a template is bound to: not empty, without
// brackets, not blank. A blank one the client refuses before add_sign
// ("signText is required") at apply; no signature is blank, so a template
// bound to one would be answered 1018 by add_template at apply.
func gatewaySignTextRules() []validator.String {
	return []validator.String{
		stringvalidator.LengthAtLeast(1),
		tfkit.Matching(gatewaySignTextRE, "must be given without brackets ([ ] or 【 】)"),
		notBlank(),
	}
}

// NewGatewaySMSSignatureResource returns the contactcenter_gateway_sms_signature resource.
func NewGatewaySMSSignatureResource() resource.Resource {
	r := &gatewaySMSSignatureResource{}
	r.Resource = framework.NewResource("gateway_sms_signature")
	r.importRule = "A gateway SMS signature is imported by its numeric id (signId)"
	r.noun, r.replaceAttrs = "signature", []string{"sign_text", "pic_file", "pic_sha256", "remark"}
	r.label = func(m *gatewaySMSSignatureModel) (string, string) {
		return m.ID.ValueString(), m.SignText.ValueString()
	}
	r.steps = newGatewaySteps("Gateway SMS Signature", r.get, func(m *gatewaySMSSignatureModel) review {
		return review{wait: m.WaitForApproval.ValueBool(), timeouts: m.Timeouts, state: m.State.ValueInt64(), reason: m.Reason.ValueString(),
			what: fmt.Sprintf("gateway signature %s (%s)", m.ID.ValueString(), m.SignText.ValueString())}
	})
	return r
}

type gatewaySMSSignatureResource struct {
	gatewayResource[gatewaySMSSignatureModel]
}

// replaceString is a string attribute the gateway cannot change.
func replaceString(s schema.StringAttribute) schema.StringAttribute {
	s.PlanModifiers = append(s.PlanModifiers, stringplanmodifier.RequiresReplace())
	return s
}

func (r *gatewaySMSSignatureResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := GatewaySMSSignatureAttributes()
	attrs["timeouts"] = createTimeoutAttribute(ctx)
	resp.Schema = schema.Schema{
		MarkdownDescription: "An SMS signature on the SMS gateway (the separate sending service whose requests are signed with the app key): the sender name shown as `【text】` at the start of each message. " +
			"A new signature is pending (`state = 0`) until the gateway's review approves it (set `wait_for_approval` to have the apply wait for that); only approved signatures can send. " +
			"The gateway has no update or delete interface: changing an argument the gateway holds (`sign_text`, `remark`, `pic_file` or the file's content) replaces the signature " +
			"(`wait_for_approval` and `timeouts` are Terraform's settings: changing them updates nothing on the gateway), and destroying it only " +
			"removes it from Terraform state (the gateway keeps it). Needs `sms_app_id` and `sms_app_key` in the provider block. " +
			"API: add_sign, get_sign (spec §4.8, §2.13).",
		Attributes: framework.OmitNulls(framework.Strict(attrs)),
	}
}

// GatewaySMSSignatureAttributes are the signature's fields, declared once for the resource
// and the data source that lists them (wait_for_approval aside).
func GatewaySMSSignatureAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": framework.IDAttribute("The signature id (`signId`)."),
		"sign_text": replaceString(schema.StringAttribute{
			Required: true,
			MarkdownDescription: "Signature text (`signText`), without brackets: the gateway shows it as `【text】` at the start of each message. " +
				"Changing it replaces the signature.",
			Validators: gatewaySignTextRules(),
		}),
		"pic_file": replaceString(schema.StringAttribute{
			Optional: true,
			MarkdownDescription: "Path of the qualification image (`pic`). The provider reads the file at plan time and sends it base64-encoded " +
				"without a data-URI prefix; the gateway takes at most 1024 characters of base64, so the file may be at most 768 bytes. " +
				"Changing the path or the file's content replaces the signature.",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		}),
		"pic_sha256": schema.StringAttribute{
			Computed: true,
			MarkdownDescription: "SHA-256 (hex) of the base64 image sent as `pic`, so a change of the file's content is seen at plan time (and replaces the signature). " +
				"Known after apply for a new image: the create sends the file as it is then, also when it was replaced after `terraform plan -out`. " +
				"Null when `pic_file` is not set.",
		},
		"remark": replaceString(schema.StringAttribute{
			Optional: true, MarkdownDescription: "Note for the reviewer (`remark`). Changing it replaces the signature.",
		}),
		"state":             framework.StableInt64("Review state (`state`): `-1` draft, `0` pending, `1` approved, `2` rejected. Refreshed on every read."),
		"reason":            framework.Stamp("Why the review rejected the signature (`reason`); empty otherwise."),
		"wait_for_approval": waitForApprovalAttribute("signature"),
	}
}

func (r *gatewaySMSSignatureResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = framework.IDIdentity("The signature id (`signId`).")
}

// Create reads the image again (it must not have changed since the plan),
// sends add_sign, and with wait_for_approval waits for the review. A draft
// (-1) is never reviewed, so waiting for it is an error (notApproved).
func (r *gatewaySMSSignatureResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.steps.create(ctx, req, resp, func(ctx context.Context, plan *gatewaySMSSignatureModel) error {
		in := client.GatewaySignatureInput{SignText: plan.SignText.ValueString(), Remark: plan.Remark.ValueString()}
		if !plan.PicFile.IsNull() {
			pic, sum, err := readPic(plan.PicFile.ValueString())
			if err != nil {
				return err
			}
			in.Pic, plan.PicSHA256 = pic, types.StringValue(sum)
		}
		id, err := r.Client.Gateway.AddSignature(ctx, in)
		// A new signature is pending until the read-back says otherwise.
		plan.ID, plan.State, plan.Reason = types.StringValue(strconv.FormatInt(id, 10)), types.Int64Value(client.GatewayStatePending), types.StringValue("")
		return err
	})
}

func (r *gatewaySMSSignatureResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var pic types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("pic_file"), &pic)...)
	if pic.IsNull() || pic.IsUnknown() {
		return
	}
	if _, _, err := readPic(pic.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("pic_file"), "Invalid Qualification Image", err.Error()+".")
	}
}

// ModifyPlan computes pic_sha256 from the file, so a change of its content
// replaces the signature, and warns that a replacement or a destroy leaves
// the signature on the gateway.
func (r *gatewaySMSSignatureResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.steps.PlanChecks(ctx, req, resp)
	defer r.forgetWarning(ctx, req, resp)
	if req.Plan.Raw.IsNull() {
		return
	}
	var plan gatewaySMSSignatureModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	sum := types.StringNull()
	switch {
	case plan.PicFile.IsUnknown():
		sum = types.StringUnknown()
	case !plan.PicFile.IsNull():
		_, s, err := readPic(plan.PicFile.ValueString())
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("pic_file"), "Invalid Qualification Image", err.Error()+".")
			return
		}
		sum = types.StringValue(s)
	}
	// A create, or a replacement for a new image, plans the digest as known
	// after apply: Terraform plans a create again when it applies it, and
	// a file replaced between `plan -out` and `apply` then gave another
	// digest than the saved plan's, which Terraform reports as "Provider
	// produced inconsistent final plan … a bug in the provider" (the create
	// reads the file it sends and saves that file's digest).
	var prior types.String
	if !req.State.Raw.IsNull() {
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("pic_sha256"), &prior)...)
		// An imported signature has no known image; only a known change replaces.
		if !prior.IsNull() && !sum.Equal(prior) {
			resp.RequiresReplace = append(resp.RequiresReplace, path.Root("pic_sha256"))
		}
	}
	if !sum.IsNull() && !sum.Equal(prior) {
		sum = types.StringUnknown()
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("pic_sha256"), sum)...)
}

// readPic reads a qualification image and returns its base64 text and that
// text's SHA-256, failing when it is longer than add_sign accepts.
//
// It reads at most one byte more than fits: a path to a big file (a photo
// of the licence, a disk image, /dev/zero) was read whole into memory, at
// every plan, before it was refused for its size.
func readPic(file string) (pic, sum string, err error) {
	maxBytes := base64.StdEncoding.DecodedLen(client.GatewayMaxPic)
	f, err := os.Open(file) //nolint:gosec // G304: the image the configuration names
	if err != nil {
		return "", "", fmt.Errorf("pic_file %q cannot be read: %s", file, pathErrorReason(err))
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, int64(maxBytes)+1))
	if err != nil {
		return "", "", fmt.Errorf("pic_file %q cannot be read: %s", file, pathErrorReason(err))
	}
	if len(b) == 0 {
		return "", "", fmt.Errorf("pic_file %q is empty", file)
	}
	if len(b) > maxBytes {
		size := fmt.Sprintf("more than %d bytes", maxBytes)
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			size = fmt.Sprintf("%d bytes, %d characters in base64", st.Size(), base64.StdEncoding.EncodedLen(int(st.Size())))
		}
		return "", "", fmt.Errorf("pic_file %q is %s; the gateway's pic takes at most %d characters "+
			"(its limit for the base64 text), so the image may be at most %d bytes", file, size, client.GatewayMaxPic, maxBytes)
	}
	pic = base64.StdEncoding.EncodeToString(b)
	h := sha256.Sum256([]byte(pic))
	return pic, hex.EncodeToString(h[:]), nil
}

// get reads the signature m names. The image and the remark are not read
// back (get_sign has neither): they keep their planned values.
func (r *gatewaySMSSignatureResource) get(ctx context.Context, m *gatewaySMSSignatureModel) error {
	g, err := r.Client.Gateway.GetSignature(ctx, framework.ID(m.ID))
	if err == nil {
		m.flatten(g)
	}
	return err
}

func (m *gatewaySMSSignatureModel) flatten(g *client.GatewaySignature) {
	m.Flatten(g)
	if m.PicSHA256.IsUnknown() {
		m.PicSHA256 = types.StringNull()
	}
	notWaiting(&m.WaitForApproval)
}

// gatewayFilter is the list block of the gateway's list resources: get_sign
// and get_template have no filter, so the provider filters by state.
type gatewayFilter struct {
	State types.Int64 `tfsdk:"state"`
}

// gatewayFilters is the filter of a list of noun, whose review states are
// states (§2.13: a signature may be a draft, -1, a template may not).
func gatewayFilters(noun string, states ...int64) map[string]listschema.Attribute {
	names := map[int64]string{-1: "draft", 0: "pending", 1: "approved", 2: "rejected"}
	var desc []string
	var choices []tfkit.Choice
	for _, s := range states {
		desc = append(desc, fmt.Sprintf("`%d` %s", s, names[s]))
		choices = append(choices, tfkit.Means(s, names[s]))
	}
	return map[string]listschema.Attribute{
		"state": listschema.Int64Attribute{Optional: true, Validators: []validator.Int64{tfkit.OneOf(choices...)},
			MarkdownDescription: "Only " + noun + " in this review state: " + strings.Join(desc, ", ") + " (filtered by the provider)."},
	}
}

func (f gatewayFilter) keeps(state client.FlexInt) bool {
	return f.State.IsNull() || f.State.ValueInt64() == int64(state)
}

// NewGatewaySMSSignatureListResource lists the gateway's signatures for `terraform query`, 50 a
// page (the largest page of get_sign and get_template).
func NewGatewaySMSSignatureListResource() list.ListResource {
	return newLister("gateway_sms_signature", "gateway SMS signatures", "Every signature of the app is listed; `state` narrows the list (API: get_sign, 50 a page). The gateway does not give the image and the remark back, so the generated configuration has neither.",
		gatewayFilters("signatures", -1, 0, 1, 2), func(g client.GatewaySignature) string { return g.Content() },
		func(g *client.GatewaySignature, m *gatewaySMSSignatureModel) {
			m.Timeouts = nullTimeouts("create")
			m.flatten(g)
		},
		func(ctx context.Context, c *client.Client, f gatewayFilter) iter.Seq2[client.GatewaySignature, error] {
			return filtered(c.Gateway.ListSignatures(ctx), func(g client.GatewaySignature) bool { return f.keeps(g.State) })
		})
}

// GatewaySMSSignatureItem is a signature as the gateway answers it: the fields the resource and
// the data source share.
type GatewaySMSSignatureItem struct {
	ID       types.String `tfsdk:"id"`
	SignText types.String `tfsdk:"sign_text"`
	State    types.Int64  `tfsdk:"state"`
	Reason   types.String `tfsdk:"reason"`
}

// Flatten fills the item from the gateway's signature.
func (i *GatewaySMSSignatureItem) Flatten(g *client.GatewaySignature) {
	i.ID = types.StringValue(strconv.FormatInt(g.Identifier(), 10))
	i.SignText = types.StringValue(g.Content())
	i.State = types.Int64Value(int64(g.State))
	i.Reason = types.StringValue(string(g.Reason))
}

type gatewaySMSSignatureModel struct {
	GatewaySMSSignatureItem
	PicFile         types.String   `tfsdk:"pic_file"`
	PicSHA256       types.String   `tfsdk:"pic_sha256"`
	Remark          types.String   `tfsdk:"remark"`
	WaitForApproval types.Bool     `tfsdk:"wait_for_approval"`
	Timeouts        timeouts.Value `tfsdk:"timeouts"`
}
