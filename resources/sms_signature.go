package resources

import (
	"context"
	"fmt"
	"iter"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/textcheck"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure   = (*smsSignatureResource)(nil)
	_ resource.ResourceWithImportState = (*smsSignatureResource)(nil)
	_ resource.ResourceWithIdentity    = (*smsSignatureResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*smsSignatureResource)(nil)
)

// signTextPrefix starts the import id that names an SMS signature by its
// sign_text, which the same brand has in every contact center (§2.3); sign/list
// filters by it (fuzzy, §4.1), and the import takes only the exact text.
const signTextPrefix = "sign_text:"

// NewSMSSignatureResource returns the contactcenter_sms_signature resource.
func NewSMSSignatureResource() resource.Resource {
	r := &smsSignatureResource{}
	r.Resource = framework.NewResource("sms_signature")
	r.adopted = map[string]textWarning{"sign_text": signatureBrackets("")}
	r.importRule = "An SMS signature is imported by its numeric id (`id` of sms/sign/list) or as sign_text:<signature text>"
	r.importKey = &importKey{prefix: signTextPrefix, title: "SMS Signature", field: "sign_text", list: `data "contactcenter_sms_signatures"`,
		noun: "SMS signature", value: "signature text", idField: "id", find: keyFinder(func(ctx context.Context, c *client.Client, text string) ([]client.SMSSignature, error) {
			return c.SMS.SignaturesByText(ctx, text)
		},
			func(ctx context.Context, c *client.Client) iter.Seq2[client.SMSSignature, error] {
				return c.SMS.ListSignatures(ctx, client.SMSSignatureFilter{})
			},
			func(sg client.SMSSignature) string { return string(sg.SignText) },
			func(sg client.SMSSignature) keyMatch {
				return keyMatch{id: sg.ID.Int64(), state: "state " + client.SignatureStateName(sg.State.Int64())}
			})}
	r.steps = reviewSteps[smsSignatureModel]{
		Steps: framework.Steps[smsSignatureModel]{Title: "SMS Signature", Get: r.get, Volatile: []string{"state", "state_name", "reason", "is_used"}}, rejected: client.SignatureRejected,
		approved: client.SignatureApproved, stateName: client.SignatureStateName,
		inReview: func(s int64) bool { return s == client.SignatureReviewing }, replaced: "deletes it and submits a new one for review",
		review: func(m *smsSignatureModel) review {
			return review{wait: m.WaitForApproval.ValueBool(), timeouts: m.Timeouts, state: m.State.ValueInt64(), reason: m.Reason.ValueString(),
				what: fmt.Sprintf("signature %s (%s)", m.ID.ValueString(), m.SignText.ValueString())}
		},
	}
	return r
}

type smsSignatureResource struct {
	reviewedResource[smsSignatureModel]
}

// computedString is a computed string the service may change on any read.
func computedString(desc string) schema.StringAttribute {
	return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
}

func (r *smsSignatureResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := SMSSignatureAttributes()
	attrs["timeouts"] = createUpdateTimeoutAttribute(ctx, "How long `wait_for_approval` waits when it is switched on later. Defaults to `30m`.")
	resp.Schema = schema.Schema{
		MarkdownDescription: "An SMS signature: the sender name (a company or brand name) that goes with every message sent through a template that names it. " +
			"A new signature is reviewed by the platform (`state` `0` reviewing, then `1` approved or `2` rejected); templates name a signature and are sent with it. " +
			"The platform cannot change a signature, so a change of `sign_text` or `remark` replaces the signature (`wait_for_approval` and `timeouts` are Terraform's settings: changing them updates nothing on the platform). A signature that templates still use cannot be deleted " +
			"(the error names the templates; the plan of its destroy warns, \"SMS Signature Still Used by Templates\", naming those that the same plan does not delete, " +
			"such as another configuration's that find the signature through `data.contactcenter_sms_signatures`; when the signature's resource is taken out of the configuration, " +
			"Terraform may plan its destroy before that of the templates removed with it (for a `for_each` key or `count` index it does), so those may be named too, and are deleted first): when templates use it, give it `lifecycle { create_before_destroy = true }` so a new `sign_text` " +
			"is created, the templates move to it, and only then the old one is deleted. That works when `sign_text` changes: a replacement that keeps it " +
			"(a new `remark`, or `-replace`) would create a second signature of the same text while the first still exists, which is refused as a duplicate (409) where signature texts are unique; " +
			"for that, point the templates' `sign_id` at another signature first (the plan of a new `remark` while templates use the signature warns, " +
			"\"SMS Signature Replacement Cannot Succeed While Templates Use It\", naming them; `-replace` is not shown to the provider and is not warned of). Renaming the resource or changing its `for_each` key needs a `moved` block " +
			"from the old address to the new one: without it the plan deletes the signature and creates another of the same text, which fails while templates use the old one " +
			"(the plan warns \"SMS Signature Deleted and Created Again\"). `is_used` turns `true` when a template naming the signature is created, after the signature was saved: " +
			"a `terraform plan -refresh-only` after the apply that created both shows it as changed outside Terraform (`false -> true`); a normal plan shows nothing. " +
			"Import by id (`terraform import contactcenter_sms_signature.x 101`), by text (`sign_text:Acme`, the same in every contact center, where ids are not; " +
			"refused when no signature or several have the text) or by identity. " +
			"API: sms/sign/store, sms/sign/list, sms/sign/delete (spec §4.1, §2.3).",
		Attributes: framework.OmitNulls(framework.Strict(attrs)),
	}
}

// SMSSignatureAttributes are the signature's fields, declared once for the
// resource and the contactcenter_sms_signatures data source.
func SMSSignatureAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": framework.IDAttribute("The signature id (`id`). Templates refer to the signature by this id in `sign_id`."),
		"sign_text": schema.StringAttribute{
			Required: true, MarkdownDescription: "The signature text (`sign_text`), not empty and without brackets: a message carries it as `【text】` in front of its text (text in brackets warns at plan). " +
				"Changing it replaces the signature (the old one is deleted first; the plan warns when another signature holds the new text, since the apply would then refuse the new one after deleting the old).",
			Validators: []validator.String{
				stringvalidator.LengthAtLeast(1),
				trimmed(),
			},
			// Brackets warn when the plan writes sign_text, and once at the
			// import of a signature approved with them (r.adopted), not
			// on every plan of a configuration that keeps them, as it should.
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace(), signatureBrackets("").whenWritten()},
		},
		"remark": schema.StringAttribute{
			Optional: true, Computed: true, Default: stringdefault.StaticString(""),
			MarkdownDescription: "A note for the reviewers (`remark`). Defaults to empty. Changing it replaces the signature.",
			PlanModifiers:       []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"wait_for_approval": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			MarkdownDescription: "Wait after creating until the review is done (within the `create` timeout, default 30 minutes). " +
				"A rejection fails the apply with the reviewer's reason, and the signature is then replaced on the next apply; so does a review that ends in a state " +
				"other than `1` approved and `2` rejected. " +
				"So does a review not done in time: the signature stays in review but Terraform marks it tainted; if it is approved meanwhile, " +
				"`terraform untaint` keeps it (the plan warns when it sees the approval). While a review is pending, each plan shows an in-place update that only waits for it. " +
				"With `create_before_destroy`, a replacement of a rejected signature whose `sign_text` stays the same is refused as a duplicate text " +
				"(the rejected one still holds it): change `sign_text`, or remove `create_before_destroy` for that apply. Defaults to `false`.",
		},
		"sign_id": framework.StableInt64("The signature id on the SMS platform (`sign_id`): send records carry it, and `contactcenter_sms_records` filters by it."),
		"state": schema.Int64Attribute{
			Computed: true, MarkdownDescription: "Review state (`state`): `0` reviewing, `1` approved, `2` rejected.",
		},
		"state_name": computedString("Review state as text (`state_name`)."),
		"reason":     computedString("Why the review rejected the signature (`reason`); empty unless `state` is `2`."),
		"is_used": schema.BoolAttribute{
			Computed: true, MarkdownDescription: "Whether an SMS template uses the signature (`is_used`).",
		},
		"add_time": framework.Stamp("When the signature was created (`add_time`, `yyyy-mm-dd HH:ii:ss` in the platform's local time, no zone)."),
		"add_user": framework.Stamp("Who created the signature (`add_user`)."),
	}
}

func (r *smsSignatureResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = framework.IDIdentity("The signature id (`id` of sms/sign/list).")
}

func (r *smsSignatureResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.steps.create(ctx, req, resp, func(ctx context.Context, plan *smsSignatureModel) error {
		defer signatureText.applied(r.Claims, plan.SignText)
		sg, err := r.Client.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: plan.SignText.ValueString(), Remark: plan.Remark.ValueString()})
		if err == nil {
			plan.ID = types.StringValue(strconv.FormatInt(int64(sg.ID), 10))
		}
		if e, ok := client.AsAPIError(err); ok && client.HasCode(err, client.SMSCodeConflict) && e.Hint == "" {
			// The signatures holding the text (the spec does not make
			// texts unique: several may), and the likely causes.
			var held []takenBy
			if found, ferr := r.Client.SMS.SignaturesByText(ctx, plan.SignText.ValueString()); ferr == nil {
				held = holdersOf(found, signatureHolder)
			}
			e.Hint = signatureText.refusedHint(signTextPrefix, plan.SignText.ValueString(), held) + ". A replacement that keeps sign_text (a new remark, or -replace) therefore cannot use create_before_destroy: " +
				"point the templates' sign_id at another signature first, then apply without create_before_destroy"
		}
		if client.HasCode(err, client.SMSCodeConflict) {
			return tfkit.AtAttr(path.Root("sign_text"), err)
		}
		return err
	})
}

// Update only happens for wait_for_approval and timeouts (every API field
// replaces): nothing is sent; switching the wait on waits now.
func (r *smsSignatureResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.steps.update(ctx, req, resp, func(context.Context, *smsSignatureModel) error { return nil }, "wait_for_approval", "timeouts")
}

func (r *smsSignatureResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	// later is a failure of another kind (the service, the network) met by
	// a try after the refusal: said beside the refusal, which it does not
	// replace.
	var later error
	r.steps.Delete(ctx, req, resp, func(ctx context.Context, state *smsSignatureModel) error {
		defer signatureText.applied(r.Claims, state.SignText)
		id := framework.ID(state.ID)
		// Templates the same destroy deletes may still hold it: with a
		// literal sign_id (generated configuration) Terraform deletes the
		// signature beside them, not after (deleteWhileUsed).
		var err error
		err, later = deleteWhileUsed(ctx, func() error { return r.Client.SMS.DeleteSignature(ctx, id) },
			func(err error) bool { return client.HasCode(err, client.SMSCodeConflict) },
			func(ctx context.Context) error { _, err := r.Client.SMS.GetSignature(ctx, id); return err })
		return err
	}, func(err error) string {
		if client.HasCode(err, client.SMSCodeConflict) {
			text := fmt.Sprintf("SMS templates still use this signature (the delete was tried again for %s, in case they were being deleted beside it). ", inUseRetryWait) +
				"Delete those templates, or point their sign_id at another signature, before deleting it. " +
				"When this delete is part of a replacement, lifecycle { create_before_destroy = true } makes the new signature first and moves this configuration's templates to it before the old one is deleted; " +
				"templates of another configuration, or made in the portal, do not move: point them at the new signature (or delete them), then apply again, " +
				"which deletes the old signature (with create_before_destroy, Terraform keeps it in the state as a deposed object until then)."
			if later != nil {
				text += fmt.Sprintf("\n\nA later try of the delete failed otherwise (%s); read back after it, the signature was still there, held by the refusal above.", later)
			}
			return text
		}
		return ""
	})
}

// ModifyPlan warns of a sign_text another instance of this plan deletes
// or creates the other way (warnDeletedAndCreated), and keeps the review's
// values from state: an update only switches wait_for_approval or
// timeouts, and only waiting for a pending review can change them.
func (r *smsSignatureResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.steps.PlanChecks(ctx, req, resp)
	defer signatureText.planHolder(req, resp, r.Claims)
	deleted := signatureText.warnDeletedAndCreated(req, r.Claims, &resp.Diagnostics)
	r.warnTextTaken(ctx, req, resp, deleted)
	// A new sign_text replaces the signature: held by another, the apply
	// deleted this one and then its create was refused.
	warnKeyChanged(ctx, req, resp, r.Claims, r.Client, signatureText, signTextPrefix, deleted || r.Client == nil,
		func(text string) ([]client.SMSSignature, bool, error) {
			return r.Client.SMS.SeenSignaturesByText(ctx, text)
		},
		signatureHolder, func(id string) bool { n, _ := strconv.ParseInt(id, 10, 64); return r.Client.SMS.SignatureReadInWalk(n) })
	r.warnSignatureInUse(ctx, req, resp)
	r.warnReplacedKeepingTextInUse(ctx, req, resp)
	warnWrittenByReplacement(req, &resp.Diagnostics, []string{"remark"}, r.adopted)
	planReview(ctx, req, resp, "SMS Signature", client.SignatureReviewing, client.SignatureRejected, signatureResubmit(req), []string{"sign_text", "remark"}, "is_used", "sign_id", "add_time", "add_user")
	warnUnknownReplaces(ctx, req, resp)
}

// warnReplacedKeepingTextInUse warns at the plan of a replacement that
// keeps sign_text (remark changes; the platform cannot change a
// signature, §4.1 has no sign/update) while SMS templates use the
// signature: the replacement cannot succeed either way. Without
// create_before_destroy the old signature's delete comes first and is
// refused while templates use it (sms/sign/delete answers 409; the
// templates move to the new signature only after it is made); with it the
// new signature of the same text is refused as a duplicate where texts are
// unique (sms/sign/store answers 409). The plan showed a plain "must be
// replaced", and the apply failed after the 5 s the delete is tried again.
// A remark known only at apply is warnUnknownReplaces's. One template list
// (sms/template/list) per such plan of a used signature, and one read of
// it (shared with its refresh) when the state says unused.
func (r *smsSignatureResource) warnReplacedKeepingTextInUse(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() || r.Client == nil {
		return
	}
	text, remark := rawAttr(req.Plan.Raw, "sign_text"), rawAttr(req.Plan.Raw, "remark")
	if !text.IsKnown() || !remark.IsKnown() || !text.Equal(rawAttr(req.State.Raw, "sign_text")) || remark.Equal(rawAttr(req.State.Raw, "remark")) {
		return // no replacement, or one a new sign_text makes (create_before_destroy serves it)
	}
	var used bool
	var id, signText string
	if rawAttr(req.State.Raw, "is_used").As(&used) != nil ||
		rawAttr(req.State.Raw, "id").As(&id) != nil || text.As(&signText) != nil {
		return
	}
	// is_used turns true after the apply that made the signature and its
	// templates, so a plan without refresh (-refresh=false) held false
	// and was silent, as warnSignatureInUse's destroy was.
	users := r.templatesUsing(ctx, id, used, "replace plan", nil)
	if len(users) == 0 {
		return
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("remark"), "SMS Signature Replacement Cannot Succeed While Templates Use It",
		fmt.Sprintf("This plan replaces SMS signature %s (%q) because remark changes (the platform cannot change a signature), and keeps its sign_text. "+
			"%d SMS template(s) use it: %s. The platform refuses to delete a signature that templates use (sms/sign/delete answers 409), and the templates "+
			"move to the new signature only after it is made; with lifecycle { create_before_destroy = true } the new one is made first, but a second "+
			"signature of the same text is refused as a duplicate (sms/sign/store answers 409) where texts are unique. So the apply fails either way, "+
			"unless it also deletes those templates. To change the remark: point the templates' sign_id at another signature and apply, then change the "+
			"remark and apply (without create_before_destroy), then point them back; or keep the remark as it is.",
			id, signText, len(users), textcheck.SomeOf(len(users), 20, func(i int) string { return users[i] })))
}

// signatureResubmit is the advice of the warning of a rejected signature
// (planReview): the SMS template's "change it and apply, which submits it
// for review again" does not hold for a signature, which the platform
// cannot change (§4.1 has no edit): a change replaces it, and while
// templates use it the delete of that replacement is refused
// (sms/sign/delete 409), so the advice failed the apply.
func signatureResubmit(req resource.ModifyPlanRequest) string {
	advice := "The platform cannot change or resubmit a signature: to have one reviewed again, change what the reviewer refused (sign_text, remark), " +
		"or run terraform apply -replace with this resource's address; either creates a new signature, which goes to review."
	var used bool
	if rawAttr(req.State.Raw, "is_used").As(&used) == nil && used {
		advice += " SMS templates use this one (is_used = true): the platform refuses to delete it while they do (sms/sign/delete answers 409), " +
			"so give this resource lifecycle { create_before_destroy = true } and change sign_text: the new signature is created, the templates " +
			"move to it, and only then is this one deleted (a replacement that keeps sign_text is refused as a duplicate text while this one exists; " +
			"for that, point the templates' sign_id at another signature first)."
	}
	return advice
}

// warnUnknownReplaces: sign_text or remark known only at apply (another
// resource's value) replaces the signature whatever it comes out as
// (RequiresReplace takes an unknown for a change), and the plan showed
// only "# forces replacement" beside (known after apply): an unchanged
// text deleted an approved signature and made one that waits for review
// again, and while templates used the old one its delete was refused
// (sms/sign/delete answers 409), failing the apply part-way.
func warnUnknownReplaces(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	unknown := unknownOnly(ctx, req, []string{"sign_text", "remark"})
	if len(unknown) == 0 {
		return
	}
	_, of := stateObject(ctx, req.State, "SMS signature", "sign_text", &resp.Diagnostics)
	resp.Diagnostics.AddWarning(replacedForUnknown("SMS Signature", unknown, of, "signature",
		"The new signature waits for review again (sends with it are refused until it is approved), and the old one's delete is refused while templates use it "+
			"(lifecycle { create_before_destroy = true } moves them to the new one first)."))
}

func (r *smsSignatureResource) get(ctx context.Context, m *smsSignatureModel) error {
	sg, err := r.Client.SMS.GetSignature(ctx, framework.ID(m.ID))
	if err == nil {
		m.flatten(sg)
	}
	return signatureSignID.importedByPlatformNumber(ctx, r.Client, m.ID, m.SignText.IsNull(), err)
}

// SMSSignatureItem is a signature as sms/sign/list answers it: the fields
// the resource and the contactcenter_sms_signatures data source share.
type SMSSignatureItem struct {
	ID        types.String `tfsdk:"id"`
	SignText  types.String `tfsdk:"sign_text"`
	Remark    types.String `tfsdk:"remark"`
	SignID    types.Int64  `tfsdk:"sign_id"`
	State     types.Int64  `tfsdk:"state"`
	StateName types.String `tfsdk:"state_name"`
	Reason    types.String `tfsdk:"reason"`
	IsUsed    types.Bool   `tfsdk:"is_used"`
	AddTime   types.String `tfsdk:"add_time"`
	AddUser   types.String `tfsdk:"add_user"`
}

// Flatten fills the item from the API's signature.
func (i *SMSSignatureItem) Flatten(sg *client.SMSSignature) { framework.Flatten(sg, i) }

func (m *smsSignatureModel) flatten(sg *client.SMSSignature) {
	m.Flatten(sg)
	notWaiting(&m.WaitForApproval)
}

type smsSignatureFilter struct {
	State    types.Int64  `tfsdk:"state"`
	SignText types.String `tfsdk:"sign_text"`
}

// NewSMSSignatureListResource lists SMS signatures for `terraform query`.
func NewSMSSignatureListResource() list.ListResource {
	return newLister("sms_signature", "SMS signatures", "Without a filter every signature is listed; `state` and `sign_text` narrow the list (API: sms/sign/list, 500 a page).",
		map[string]listschema.Attribute{
			"state": listschema.Int64Attribute{Optional: true, Validators: []validator.Int64{tfkit.OneOf(tfkit.Means(0, "reviewing"), tfkit.Means(1, "approved"), tfkit.Means(2, "rejected"))}, MarkdownDescription: "Only signatures in this review state: `0` reviewing, `1` approved, `2` rejected."},
			"sign_text": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only signatures whose text contains this, not empty.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), EdgeSpaces}}, // stored trimmed, matched as given (§4.1)
		},
		func(sg client.SMSSignature) string { return string(sg.SignText) },
		func(sg *client.SMSSignature, m *smsSignatureModel) {
			m.Timeouts = nullTimeouts("create", "update")
			m.flatten(sg)
		},
		func(ctx context.Context, c *client.Client, f smsSignatureFilter) iter.Seq2[client.SMSSignature, error] {
			return c.SMS.ListSignatures(ctx, client.SMSSignatureFilter{SignText: f.SignText.ValueString(), State: tfkit.Int64Ptr(f.State)})
		})
}

type smsSignatureModel struct {
	SMSSignatureItem
	WaitForApproval types.Bool     `tfsdk:"wait_for_approval"`
	Timeouts        timeouts.Value `tfsdk:"timeouts"`
}

// warnSignatureInUse warns at the plan of a destroy of a signature that SMS
// templates use which this plan does not delete or move to another
// signature: the platform refuses to delete it (sms/sign/delete answers
// 409), and the plan showed a plain destroy while its own is_used said
// true. A signature shared across configurations (one team's, another
// team's templates found through data.contactcenter_sms_signatures) met
// this at every destroy, after the apply had destroyed what it could.
// In a destroy plan (terraform plan -destroy), Terraform plans the destroy
// of a template that refers to the signature before the signature's
// (planSignLeft records it); one that names it by a literal id may be
// planned after, hence "unless this apply deletes them". Instances no
// longer in the configuration may be planned the other way, the signature
// first: a for_each key or count index removed is (Terraform 1.11.4 and
// 1.15.9 alike); a module instance removed goes either way from one
// configuration to another (no edge orders the two); a block deleted was
// planned templates first wherever tried. Their templates cannot be told
// from another configuration's, and the warning says they may be named.
// A list that fails leaves the word to the apply.
func (r *smsSignatureResource) warnSignatureInUse(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var used bool
	var id, text string
	if !req.Plan.Raw.IsNull() || req.State.Raw.IsNull() || r.Client == nil || rawAttr(req.State.Raw, "is_used").As(&used) != nil ||
		rawAttr(req.State.Raw, "id").As(&id) != nil || rawAttr(req.State.Raw, "sign_text").As(&text) != nil {
		return
	}
	// Terraform 1.11 (1.11.4; 1.15 refreshes first,
	// hashicorp/terraform#36394) plans the delete of an instance no longer
	// in the configuration (a for_each key, count index or module instance
	// removed, or its block deleted) from the state it had before this
	// plan's refresh, as -refresh=false plans any destroy: a template made
	// with the signature since the last apply (is_used turns true then)
	// left is_used false there, and the plan was silent.
	users := r.templatesUsing(ctx, id, used, "destroy plan", func(tid string) bool {
		e, ok := r.Claims.PlannedEdit(tfkit.SMSTemplateSign(tid), id)
		return ok && (!e.Known || e.To != id) // this plan deletes it or moves it
	})
	if len(users) == 0 {
		return
	}
	resp.Diagnostics.AddWarning("SMS Signature Still Used by Templates",
		fmt.Sprintf("SMS signature %s (%q) is used by %d SMS template(s) that this plan does not delete or move to another signature: %s. "+
			"The platform refuses to delete a signature that templates use (sms/sign/delete answers 409), so the destroy of this signature fails "+
			"(after trying again for %s) unless the apply deletes them first. A template that this same apply points at another signature may still use this one "+
			"when Terraform deletes it (Terraform does not order that update first): move templates in one apply and remove the signature in the next. They may belong to another configuration "+
			"(its contactcenter_sms_template resources, which may find this signature through data.contactcenter_sms_signatures) or have been made in the portal: "+
			"move them to another signature there first, or keep the signature and stop managing it here (a removed block with lifecycle { destroy = false }). "+
			"When this signature's resource is no longer in the configuration (its for_each key, count index or module instance removed, or its block deleted), "+
			"Terraform may plan its destroy before those of the templates removed with it (for a for_each key or count index it does), so this configuration's own templates that this plan also destroys "+
			"may be named too: the apply deletes them first, and for them this warning does not apply.",
			id, text, len(users), textcheck.SomeOf(len(users), 20, func(i int) string { return users[i] }), inUseRetryWait))
}

// templatesUsing names the SMS templates that use signature id, as
// `1201 "Renewal"`, but those skip leaves out (nil: none). When the state
// says the signature is unused (used false), it is read first (sms/sign/list
// through the client's batched finder, §4.1, for reader: shared with the
// plan's refresh of it when there is one), and an unused one costs nothing
// more; otherwise one template list (template/list has no sign_id filter).
// A read that fails names none, leaving the word to the apply.
func (r *smsSignatureResource) templatesUsing(ctx context.Context, id string, used bool, reader string, skip func(tid string) bool) []string {
	if !used {
		sg, err := r.Client.SMS.GetSignatureFor(ctx, reader, framework.ID(types.StringValue(id)))
		if err != nil || sg == nil || !bool(sg.IsUsed) {
			return nil
		}
	}
	var users []string
	for t, err := range r.Client.SMS.ListTemplates(ctx, client.SMSTemplateFilter{}) {
		if err != nil {
			return nil
		}
		tid := strconv.FormatInt(t.ID.Int64(), 10)
		if strconv.FormatInt(t.NewSignID.Int64(), 10) != id || skip != nil && skip(tid) {
			continue
		}
		users = append(users, fmt.Sprintf("%s %q", tid, string(t.TplTitle)))
	}
	return users
}
