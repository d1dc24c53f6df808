package resources

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure      = (*gatewaySMSSignatureResource)(nil)
	_ resource.ResourceWithImportState    = (*gatewaySMSSignatureResource)(nil)
	_ resource.ResourceWithValidateConfig = (*gatewaySMSSignatureResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*gatewaySMSSignatureResource)(nil)
)

// gatewaySignTextRE refuses brackets: the gateway takes the text without them (§4.8).
var gatewaySignTextRE = regexp.MustCompile(`^[^【】\[\]]+$`)

// NewGatewaySMSSignatureResource returns the contactcenter_gateway_sms_signature resource.
func NewGatewaySMSSignatureResource() resource.Resource { return &gatewaySMSSignatureResource{} }

type gatewaySMSSignatureResource struct {
	client *client.Client
}

func (r *gatewaySMSSignatureResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_gateway_sms_signature"
}

// replaceString is a string attribute the gateway cannot change.
func replaceString(s schema.StringAttribute) schema.StringAttribute {
	s.PlanModifiers = append(s.PlanModifiers, stringplanmodifier.RequiresReplace())
	return s
}

func (r *gatewaySMSSignatureResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "An SMS signature on the signature-authenticated SMS gateway (add_sign, get_sign; spec §4.8, §2.13). " +
			"A new signature is pending (`state = 0`) until the gateway's review approves it (set `wait_for_approval` to have the apply wait for that); only approved signatures can send. " +
			"The gateway has no update or delete interface: changing any argument replaces the signature, and destroying it only " +
			"removes it from Terraform state (the gateway keeps it). Needs `sms_app_id` and `sms_app_key` in the provider block.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true, MarkdownDescription: "The signature id (`signId`).",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"sign_text": replaceString(schema.StringAttribute{
				Required: true,
				MarkdownDescription: "Signature text (`signText`), without brackets: the gateway shows it as `【text】` at the start of each message. " +
					"Changing it replaces the signature.",
				Validators: []validator.String{
					stringvalidator.LengthAtLeast(1),
					stringvalidator.RegexMatches(gatewaySignTextRE, "must be given without brackets ([ ] or 【 】)"),
				},
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
				MarkdownDescription: "SHA-256 (hex) of the base64 image sent as `pic`, so a change of the file's content is seen at plan time. " +
					"Null when `pic_file` is not set.",
			},
			"remark": replaceString(schema.StringAttribute{
				Optional: true, MarkdownDescription: "Note for the reviewer (`remark`). Changing it replaces the signature.",
			}),
			"state": schema.Int64Attribute{
				Computed:            true,
				MarkdownDescription: "Review state (`state`): `-1` draft, `0` pending, `1` approved, `2` rejected. Refreshed on every read.",
				PlanModifiers:       []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"reason": schema.StringAttribute{
				Computed: true, MarkdownDescription: "Why the review rejected the signature (`reason`); empty otherwise.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"wait_for_approval": waitForApprovalAttribute("signature"),
			"timeouts":          createTimeoutAttribute(ctx),
		},
	}
}

func (r *gatewaySMSSignatureResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *gatewaySMSSignatureResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan gatewaySMSSignatureModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout, d := plan.Timeouts.Create(ctx, reviewTimeout)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	in := client.GatewaySignatureInput{SignText: plan.SignText.ValueString(), Remark: plan.Remark.ValueString()}
	if !plan.PicFile.IsNull() {
		pic, sum, err := readPic(plan.PicFile.ValueString())
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("pic_file"), "Invalid Qualification Image", err.Error())
			return
		}
		if !plan.PicSHA256.IsUnknown() && plan.PicSHA256.ValueString() != sum {
			resp.Diagnostics.AddAttributeError(path.Root("pic_file"), "Qualification Image Changed Since Plan",
				fmt.Sprintf("The file %s changed between plan and apply. Run terraform plan again.", plan.PicFile.ValueString()))
			return
		}
		in.Pic, plan.PicSHA256 = pic, types.StringValue(sum)
	}
	id, err := r.client.Gateway.AddSignature(ctx, in)
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Create Gateway SMS Signature", err)
		return
	}
	plan.ID = types.StringValue(strconv.FormatInt(id, 10))
	r.settle(ctx, &plan, id, timeout, &resp.Diagnostics)
	// The signature exists whatever happened after add_sign: keep it in
	// state so it is not created twice (tainted when settle failed).
	if plan.State.IsUnknown() {
		plan.State = types.Int64Value(client.GatewayStatePending)
	}
	if plan.Reason.IsUnknown() {
		plan.Reason = types.StringValue("")
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// settle reads the new signature back and, with wait_for_approval, waits
// until the review approves or rejects it (a rejection or a timeout is an
// error). A draft (-1) is never reviewed, so waiting for it is an error too.
func (r *gatewaySMSSignatureResource) settle(ctx context.Context, m *gatewaySMSSignatureModel, id int64, timeout time.Duration, diags *diag.Diagnostics) {
	read := func(ctx context.Context) (int64, string, error) {
		g, err := r.client.Gateway.GetSignature(ctx, id)
		if err != nil {
			return 0, "", err
		}
		m.flatten(g)
		return int64(g.State), string(g.Reason), nil
	}
	if !m.WaitForApproval.ValueBool() {
		if _, _, err := read(ctx); err != nil {
			tfkit.AddAPIError(diags, "Unable to Read Gateway SMS Signature After Create", err)
		}
		return
	}
	what := fmt.Sprintf("gateway signature %d (%s)", id, m.SignText.ValueString())
	waitForReview(ctx, diags, reviewWait{
		kind: "Gateway SMS Signature", what: what, timeout: timeout,
		inReview: func(s int64) bool { return s == client.GatewayStatePending }, rejected: client.GatewayStateRejected,
		read: read, errorDetail: tfkit.APIErrorDetail,
	})
	if !diags.HasError() && m.State.ValueInt64() == client.GatewayStateDraft {
		diags.AddError("Gateway SMS Signature Not Submitted for Review",
			fmt.Sprintf("%s is a draft (state -1), which the gateway does not review, so wait_for_approval cannot wait for its approval. "+
				"Submit it on the gateway, or set wait_for_approval = false.", what))
	}
}

func (r *gatewaySMSSignatureResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state gatewaySMSSignatureModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	g, err := r.client.Gateway.GetSignature(ctx, id)
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Gateway SMS Signature", err)
		return
	}
	state.flatten(g)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update only carries computed values over: every argument requires
// replacement, and wait_for_approval and timeouts only matter on create.
func (r *gatewaySMSSignatureResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan gatewaySMSSignatureModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *gatewaySMSSignatureResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state gatewaySMSSignatureModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.AddWarning("Gateway SMS Signature Only Removed From State",
		gatewayForgottenDetail("signature", state.ID.ValueString(), state.SignText.ValueString()))
}

func (r *gatewaySMSSignatureResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if _, err := strconv.ParseInt(req.ID, 10, 64); err != nil {
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("A gateway SMS signature is imported by its numeric id (signId), got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("wait_for_approval"), false)...)
}

func (r *gatewaySMSSignatureResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var pic types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("pic_file"), &pic)...)
	if pic.IsNull() || pic.IsUnknown() {
		return
	}
	if _, _, err := readPic(pic.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("pic_file"), "Invalid Qualification Image", err.Error())
	}
}

// ModifyPlan computes pic_sha256 from the file, so a change of its content
// replaces the signature.
func (r *gatewaySMSSignatureResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	defer gatewayForgetWarning(ctx, req, resp, "Gateway SMS Signature", "signature", "sign_text", "pic_file", "pic_sha256", "remark")
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
			resp.Diagnostics.AddAttributeError(path.Root("pic_file"), "Invalid Qualification Image", err.Error())
			return
		}
		sum = types.StringValue(s)
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("pic_sha256"), sum)...)
	if req.State.Raw.IsNull() {
		return
	}
	var prior types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("pic_sha256"), &prior)...)
	// An imported signature has no known image; only a known change replaces.
	if !prior.IsNull() && !sum.Equal(prior) {
		resp.RequiresReplace = append(resp.RequiresReplace, path.Root("pic_sha256"))
	}
}

// readPic reads a qualification image and returns its base64 text and that
// text's SHA-256, failing when it is longer than add_sign accepts.
func readPic(file string) (pic, sum string, err error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return "", "", fmt.Errorf("pic_file %q cannot be read: %w", file, err)
	}
	if len(b) == 0 {
		return "", "", fmt.Errorf("pic_file %q is empty", file)
	}
	pic = base64.StdEncoding.EncodeToString(b)
	if len(pic) > client.GatewayMaxPic {
		return "", "", fmt.Errorf("pic_file %q is %d bytes, %d characters in base64; the gateway's pic takes at most %d characters "+
			"(spec §4.8), so the image may be at most 768 bytes", file, len(b), len(pic), client.GatewayMaxPic)
	}
	h := sha256.Sum256([]byte(pic))
	return pic, hex.EncodeToString(h[:]), nil
}

func (m *gatewaySMSSignatureModel) flatten(g *client.GatewaySignature) {
	m.ID = types.StringValue(strconv.FormatInt(g.Identifier(), 10))
	m.SignText = types.StringValue(g.Content())
	m.State = types.Int64Value(int64(g.State))
	m.Reason = types.StringValue(string(g.Reason))
	if m.PicSHA256.IsUnknown() {
		m.PicSHA256 = types.StringNull()
	}
	if m.WaitForApproval.IsNull() || m.WaitForApproval.IsUnknown() {
		m.WaitForApproval = types.BoolValue(false)
	}
}

type gatewaySMSSignatureModel struct {
	ID              types.String   `tfsdk:"id"`
	SignText        types.String   `tfsdk:"sign_text"`
	PicFile         types.String   `tfsdk:"pic_file"`
	PicSHA256       types.String   `tfsdk:"pic_sha256"`
	Remark          types.String   `tfsdk:"remark"`
	State           types.Int64    `tfsdk:"state"`
	Reason          types.String   `tfsdk:"reason"`
	WaitForApproval types.Bool     `tfsdk:"wait_for_approval"`
	Timeouts        timeouts.Value `tfsdk:"timeouts"`
}
