package resources

import (
	"context"
	"fmt"
	"iter"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure   = (*webhookResource)(nil)
	_ resource.ResourceWithImportState = (*webhookResource)(nil)
	_ resource.ResourceWithIdentity    = (*webhookResource)(nil)
	_ list.ListResourceWithConfigure   = (*webhookLister)(nil)
)

// NewWebhookResource returns the contactcenter_webhook resource.
func NewWebhookResource() resource.Resource {
	r := &webhookResource{}
	r.Managed = framework.NewManaged("webhook", "Webhook", r.get)
	return r
}

type webhookResource struct {
	framework.Managed[WebhookRecord]
}

func (r *webhookResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "A webhook: an address the platform POSTs call events of outbound tasks to, either the call record " +
			"after each hang-up or a notice before each outbound call (`event_type`). " +
			"Attach it to a task through `config.webhook` of `contactcenter_outbound_task`; only an enabled webhook (`status = true`) receives pushes. " +
			"With `lifecycle { create_before_destroy = true }` on the webhook, removing it and its id from a task in one apply updates the task " +
			"before the webhook is deleted (without it, Terraform deletes the webhook first). " +
			"A task this configuration does not manage (made in the portal) that names the webhook is not looked for: after the webhook is deleted, " +
			"the platform refuses that task's next edit until the id is taken out of its `config.webhook.ids`. " +
			"An edit writes every field (webhook/updateOrCreate), and sends those the plan does not change as the platform holds them then (one read), so a change made in the portal after the plan is kept. " +
			"API: webhook/updateOrCreate, webhook/lists, webhook/delete (spec §4.4, §2.8, §6.1).",
		Attributes: framework.Strict(WebhookAttributes()),
	}
}

// WebhookAttributes are the webhook's fields, declared once for the
// resource and the contactcenter_webhooks data source.
func WebhookAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": framework.IDAttribute("The webhook id (`id`)."),
		"name": schema.StringAttribute{
			Required: true, MarkdownDescription: "Webhook name (`name`).",
			Validators: []validator.String{stringvalidator.LengthAtLeast(1), trimmed()},
		},
		"url": schema.StringAttribute{
			Required: true, MarkdownDescription: "Address the events are POSTed to (`url`): an `http://` or `https://` URL.",
			Validators: []validator.String{webhookURL},
		},
		"status": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			MarkdownDescription: "Whether the webhook is enabled (`status`). Only enabled webhooks receive pushes. Defaults to `false`: a webhook enabled or disabled after the apply " +
				"(in the portal, or by the platform) shows at the next plan as a change back to the configured status, which the apply makes, and when `status` is not set " +
				"that disables an enabled webhook (the plan warns, \"Webhook Disabled by the Default Status\"; `lifecycle { ignore_changes = [status] }` leaves the status to the portal).",
		},
		"is_encrypt": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			MarkdownDescription: "Whether pushed data is encrypted (`is_encrypt`). Defaults to `false`: when it is not set, encryption turned on outside this configuration " +
				"(in the portal, or before the webhook was imported) is turned off by the next apply (the plan warns, \"Webhook Encryption Turned Off by the Default\"; " +
				"`lifecycle { ignore_changes = [is_encrypt] }` leaves it to the portal).",
		},
		"event_type": schema.Int64Attribute{
			Optional: true, Computed: true, Default: int64default.StaticInt64(0),
			MarkdownDescription: "Which event is pushed (`event_type`): `0` none chosen (nothing is pushed), `1` the hang-up call record, `2` before the outbound call. " +
				"Defaults to `0`: when it is not set, an event chosen outside this configuration (in the portal, or before the webhook was imported) is unchosen by the next apply, " +
				"which stops the pushes (the plan warns, \"Webhook Pushes Stopped by the Default Event Type\"; `lifecycle { ignore_changes = [event_type] }` leaves it to the portal).",
			Validators: []validator.Int64{tfkit.OneOf(tfkit.Means(0, "none chosen"), tfkit.Means(1, "the hang-up call record"), tfkit.Means(2, "before the outbound call"))},
		},
		"dept_id": schema.Int64Attribute{
			Optional: true, Computed: true, Default: int64default.StaticInt64(0),
			MarkdownDescription: "Department id (`dept_id`). Defaults to `0`.",
			Validators:          []validator.Int64{int64validator.AtLeast(0)},
		},
		"vcc_id": framework.StableInt64("Enterprise id (`vcc_id`)."),
		"dept_name": schema.StringAttribute{
			Computed: true, MarkdownDescription: "Department name (`dept_name`).",
			PlanModifiers: []planmodifier.String{framework.FollowsAttribute("dept_id")},
		},
		"created_at":        framework.Stamp("Creation time (`created_at`), `yyyy-mm-dd HH:ii:ss` in the platform's local time (no zone)."),
		"updated_at":        schema.StringAttribute{Computed: true, MarkdownDescription: "Last update time (`updated_at`), `yyyy-mm-dd HH:ii:ss` in the platform's local time (no zone)."},
		"created_user_name": framework.Stamp("Name of the user who created the webhook (`created_user_name`)."),
		"updated_user_name": schema.StringAttribute{Computed: true, MarkdownDescription: "Name of the user who last updated the webhook (`updated_user_name`)."},
	}
}

// ModifyPlan warns of a plan whose defaults undo settings changed outside
// the configuration (webhookUndoneByDefault: an enabled webhook disabled,
// encryption turned off, the pushed event unchosen).
func (r *webhookResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.Steps.PlanChecks(ctx, req, resp)
	warnUndoneByDefault(ctx, req, &resp.Diagnostics, webhookNamed, webhookUndoneByDefault...)
}

func (r *webhookResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = framework.IDIdentity("The webhook id (`id`).")
}

func (r *webhookResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	ctx, ex := client.RecordExisting(ctx)
	var key, id string
	r.Steps.Create(ctx, req, resp, func(ctx context.Context, plan *WebhookRecord) error {
		in := plan.expand()
		w, err := r.Client.Webhooks.Create(ctx, in)
		if err == nil {
			id = strconv.FormatInt(int64(w.ID), 10)
			plan.ID = types.StringValue(id)
		}
		key = fmt.Sprintf("named %q with url %s", in.Name, client.QuoteURL(in.URL)) // as the url's own check quotes it
		return err
	})
	warnExisting(&resp.Diagnostics, ex, "Webhook", key, id)
	recordConfiguredDefaults(ctx, req.Config.Raw, resp.Private, &resp.Diagnostics, webhookUndoneByDefault)
}

func (r *webhookResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.Steps.Update(ctx, req, resp, func(ctx context.Context, plan, state *WebhookRecord) error {
		id, in := framework.ID(plan.ID), plan.expand()
		// webhook/updateOrCreate writes every field, status false when left
		// out (§4.4): a field this plan does not change is sent as the
		// platform holds it now. As refreshed, an edit of the name put back
		// the url, status or event_type the portal had set since the plan,
		// without a word, also under lifecycle { ignore_changes } (the
		// portal owns them). One read of the webhook, by the name and url
		// the state holds (GetNamed).
		held, err := r.Client.Webhooks.GetNamed(ctx, id, state.Name.ValueString(), state.URL.ValueString())
		err = framework.SendHeld(held, err, heldWebhookName, &in.Name, plan.Name.Equal(state.Name), func(held *client.Webhook) {
			framework.KeepHeld(plan.URL.Equal(state.URL), &in.URL, string(held.URL))
			framework.KeepHeld(plan.Status.Equal(state.Status), &in.Status, bool(held.Status))
			framework.KeepHeld(plan.IsEncrypt.Equal(state.IsEncrypt), &in.IsEncrypt, bool(held.IsEncrypt))
			framework.KeepHeld(plan.EventType.Equal(state.EventType), &in.EventType, int64(held.EventType))
			framework.KeepHeld(plan.DeptID.Equal(state.DeptID), &in.DeptID, int64(held.DeptID))
		})
		if err != nil {
			return err
		}
		return r.Client.Webhooks.Update(ctx, id, in)
	})
	recordConfiguredDefaults(ctx, req.Config.Raw, resp.Private, &resp.Diagnostics, webhookUndoneByDefault)
}

// heldWebhookName is the name every webhook/updateOrCreate requires (§4.4).
var heldWebhookName = framework.HeldName[client.Webhook]{Attr: "name", Of: func(w *client.Webhook) string { return string(w.Name) }}

func (r *webhookResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.Steps.Delete(ctx, req, resp, func(ctx context.Context, state *WebhookRecord) error {
		return r.Client.Webhooks.Delete(ctx, framework.ID(state.ID))
	}, nil)
}

func (r *webhookResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	framework.ImportByNumericID(ctx, req, resp, "A webhook is imported by its numeric id", nil)
}

// get reads the webhook m names through the client's one finder
// (Webhooks.Get: webhook/lists is the only read there is, §4.4).
func (r *webhookResource) get(ctx context.Context, m *WebhookRecord) error {
	w, err := r.Client.Webhooks.GetNamed(ctx, framework.ID(m.ID), m.Name.ValueString(), m.URL.ValueString())
	if err == nil {
		framework.Flatten(w, m)
	}
	return err
}

func (m WebhookRecord) expand() client.WebhookInput {
	var in client.WebhookInput
	framework.Expand(m, &in)
	return in
}

// webhookLister is the contactcenter_webhook list resource.
type webhookLister = framework.Lister[webhookFilter, WebhookRecord, client.Webhook]

type webhookFilter struct {
	Name types.String `tfsdk:"name"`
	URL  types.String `tfsdk:"url"`
}

// NewWebhookListResource lists webhooks for `terraform query`.
func NewWebhookListResource() list.ListResource {
	l := &webhookLister{Resource: framework.NewResource("webhook"), Plural: "webhooks",
		Description: "Without a filter every webhook is listed; `name` and `url` narrow the list (API: webhook/lists).",
		Filters: map[string]listschema.Attribute{
			"name": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only webhooks whose name contains this text, not empty.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), EdgeSpaces}},
			"url": listschema.StringAttribute{Optional: true, MarkdownDescription: "Only webhooks whose address contains this text, not empty.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), EdgeSpaces}},
		},
		Display: func(w client.Webhook) string { return string(w.Name) },
		Flatten: func(_ context.Context, w client.Webhook, m *WebhookRecord) error { framework.Flatten(w, m); return nil },
	}
	l.Items = func(ctx context.Context, f webhookFilter) iter.Seq2[client.Webhook, error] {
		return l.Client.Webhooks.List(ctx, client.WebhookFilter{Name: f.Name.ValueString(), URL: f.URL.ValueString()})
	}
	return l
}

// WebhookRecord is a webhook as the API answers it (§2.8): the resource's
// model, and the fields of the contactcenter_webhooks data source.
type WebhookRecord struct {
	ID              types.String `tfsdk:"id"`
	Name            types.String `tfsdk:"name"`
	URL             types.String `tfsdk:"url"`
	Status          types.Bool   `tfsdk:"status"`
	IsEncrypt       types.Bool   `tfsdk:"is_encrypt"`
	EventType       types.Int64  `tfsdk:"event_type"`
	DeptID          types.Int64  `tfsdk:"dept_id"`
	VccID           types.Int64  `tfsdk:"vcc_id"`
	DeptName        types.String `tfsdk:"dept_name"`
	CreatedAt       types.String `tfsdk:"created_at"`
	UpdatedAt       types.String `tfsdk:"updated_at"`
	CreatedUserName types.String `tfsdk:"created_user_name"`
	UpdatedUserName types.String `tfsdk:"updated_user_name"`
}
