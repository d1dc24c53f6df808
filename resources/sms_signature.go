package resources

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure   = (*smsSignatureResource)(nil)
	_ resource.ResourceWithImportState = (*smsSignatureResource)(nil)
)

// noOuterSpaceRE refuses text that starts or ends with white space, which
// the service trims (the stored value would differ from the configuration).
var noOuterSpaceRE = regexp.MustCompile(`^\S(.*\S)?$`)

// NewSMSSignatureResource returns the contactcenter_sms_signature resource.
func NewSMSSignatureResource() resource.Resource { return &smsSignatureResource{} }

type smsSignatureResource struct {
	client *client.Client
}

func (r *smsSignatureResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_sms_signature"
}

func (r *smsSignatureResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	computed := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
	}
	stable := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "An SMS signature (spec §4.1 sign/store, §2.3). A new signature is reviewed by the platform " +
			"(`state` `0` reviewing, then `1` approved or `2` rejected, §3.1); templates name a signature and are sent with it. " +
			"The interface has no update call, so every change replaces the signature. A signature that templates still use cannot be deleted " +
			"(the error names the templates): when templates use it, give it `lifecycle { create_before_destroy = true }` so a new `sign_text` " +
			"is created, the templates move to it, and only then the old one is deleted.",
		Attributes: map[string]schema.Attribute{
			"id": stable("The signature id (`id`). Templates refer to the signature by this id in `sign_id`."),
			"sign_text": schema.StringAttribute{
				Required: true, MarkdownDescription: "The signature text (`sign_text`), without brackets; unique within the enterprise. Changing it replaces the signature.",
				Validators: []validator.String{
					stringvalidator.LengthAtLeast(1),
					stringvalidator.RegexMatches(noOuterSpaceRE, "must not start or end with white space (the service trims it)"),
				},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"remark": schema.StringAttribute{
				Optional: true, Computed: true, Default: stringdefault.StaticString(""),
				MarkdownDescription: "A note for the reviewers (`remark`). Defaults to empty. Changing it replaces the signature.",
				PlanModifiers:       []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"wait_for_approval": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				MarkdownDescription: "Wait after creating until the review is done (within the `create` timeout, default 30 minutes). " +
					"A rejection fails the apply with the reviewer's reason, and the signature is then replaced on the next apply. Defaults to `false`.",
			},
			"sign_id": schema.Int64Attribute{
				Computed: true, MarkdownDescription: "The signature id on the SMS platform (`sign_id`); send records (§2.5) carry it.",
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"state": schema.Int64Attribute{
				Computed: true, MarkdownDescription: "Review state (`state`): `0` reviewing, `1` approved, `2` rejected.",
			},
			"state_name": computed("Review state as text (`state_name`)."),
			"reason":     computed("Why the review rejected the signature (`reason`); empty unless `state` is `2`."),
			"is_used": schema.BoolAttribute{
				Computed: true, MarkdownDescription: "Whether an SMS template uses the signature (`is_used`).",
			},
			"add_time": stable("When the signature was created (`add_time`, `yyyy-mm-dd HH:ii:ss`)."),
			"add_user": stable("Who created the signature (`add_user`)."),
			"timeouts": timeouts.Attributes(ctx, timeouts.Opts{
				Create: true, Update: true,
				CreateDescription: "How long `wait_for_approval` waits for the review after creating. Defaults to `30m`.",
				UpdateDescription: "How long `wait_for_approval` waits when it is switched on later. Defaults to `30m`.",
			}),
		},
	}
}

func (r *smsSignatureResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *smsSignatureResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan smsSignatureModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout, d := plan.Timeouts.Create(ctx, reviewTimeout)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	sg, err := r.client.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: plan.SignText.ValueString(), Remark: plan.Remark.ValueString()})
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Create SMS Signature", err)
		return
	}
	plan.ID = types.StringValue(strconv.FormatInt(int64(sg.ID), 10))
	r.settle(ctx, &plan, timeout, &resp.Diagnostics, "Create")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *smsSignatureResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state smsSignatureModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	sg, err := r.client.SMS.GetSignature(ctx, id)
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read SMS Signature", err)
		return
	}
	state.flatten(sg)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update only happens for wait_for_approval and timeouts (every API field
// replaces): nothing is sent; switching the wait on waits now.
func (r *smsSignatureResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan smsSignatureModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	timeout, d := plan.Timeouts.Update(ctx, reviewTimeout)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	r.settle(ctx, &plan, timeout, &resp.Diagnostics, "Update")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *smsSignatureResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state smsSignatureModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	err := r.client.SMS.DeleteSignature(ctx, id)
	if err == nil || client.IsNotFound(err) {
		return
	}
	if client.HasCode(err, client.SMSCodeConflict) {
		resp.Diagnostics.AddError("Unable to Delete SMS Signature", tfkit.APIErrorDetail(err)+
			"\n\nSMS templates still use this signature. Delete those templates, or point their sign_id at another signature, before deleting it.")
		return
	}
	tfkit.AddAPIError(&resp.Diagnostics, "Unable to Delete SMS Signature", err)
}

func (r *smsSignatureResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if _, err := strconv.ParseInt(req.ID, 10, 64); err != nil {
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("An SMS signature is imported by its numeric id (`id` of sms/sign/list), got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("wait_for_approval"), false)...)
}

// settle reads the signature back and, with wait_for_approval, waits for
// its review. A rejection or a timeout is an error; the caller still saves
// the state, so Terraform keeps track of the (tainted) signature.
func (r *smsSignatureResource) settle(ctx context.Context, m *smsSignatureModel, timeout time.Duration, diags *diag.Diagnostics, op string) {
	id, _ := strconv.ParseInt(m.ID.ValueString(), 10, 64)
	read := func(ctx context.Context) (int64, string, error) {
		sg, err := r.client.SMS.GetSignature(ctx, id)
		if err != nil {
			return 0, "", err
		}
		m.flatten(sg)
		return int64(sg.State), string(sg.Reason), nil
	}
	if !m.WaitForApproval.ValueBool() {
		if _, _, err := read(ctx); err != nil {
			tfkit.AddAPIError(diags, "Unable to Read SMS Signature After "+op, err)
		}
		return
	}
	waitForReview(ctx, diags, reviewWait{
		kind: "SMS Signature", what: fmt.Sprintf("signature %d (%s)", id, m.SignText.ValueString()), timeout: timeout,
		inReview: func(s int64) bool { return s == client.SignatureReviewing }, rejected: client.SignatureRejected, read: read,
	})
}

func (m *smsSignatureModel) flatten(sg *client.SMSSignature) {
	m.ID = types.StringValue(strconv.FormatInt(int64(sg.ID), 10))
	m.SignText = types.StringValue(string(sg.SignText))
	m.Remark = types.StringValue(string(sg.Remark))
	m.SignID = types.Int64Value(int64(sg.SignID))
	m.State = types.Int64Value(int64(sg.State))
	m.StateName = types.StringValue(string(sg.StateName))
	m.Reason = types.StringValue(string(sg.Reason))
	m.IsUsed = types.BoolValue(bool(sg.IsUsed))
	m.AddTime = types.StringValue(string(sg.AddTime))
	m.AddUser = types.StringValue(string(sg.AddUser))
	if m.WaitForApproval.IsNull() || m.WaitForApproval.IsUnknown() {
		m.WaitForApproval = types.BoolValue(false)
	}
}

type smsSignatureModel struct {
	ID              types.String   `tfsdk:"id"`
	SignText        types.String   `tfsdk:"sign_text"`
	Remark          types.String   `tfsdk:"remark"`
	WaitForApproval types.Bool     `tfsdk:"wait_for_approval"`
	SignID          types.Int64    `tfsdk:"sign_id"`
	State           types.Int64    `tfsdk:"state"`
	StateName       types.String   `tfsdk:"state_name"`
	Reason          types.String   `tfsdk:"reason"`
	IsUsed          types.Bool     `tfsdk:"is_used"`
	AddTime         types.String   `tfsdk:"add_time"`
	AddUser         types.String   `tfsdk:"add_user"`
	Timeouts        timeouts.Value `tfsdk:"timeouts"`
}
