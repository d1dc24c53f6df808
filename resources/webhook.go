package resources

import (
	"context"
	"fmt"
	"regexp"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var (
	_ resource.ResourceWithConfigure   = (*webhookResource)(nil)
	_ resource.ResourceWithImportState = (*webhookResource)(nil)
)

// webhookURLRE accepts http:// and https:// addresses with a host.
var webhookURLRE = regexp.MustCompile(`^https?://[^/\s]+(/\S*)?$`)

// NewWebhookResource returns the contactcenter_webhook resource.
func NewWebhookResource() resource.Resource { return &webhookResource{} }

type webhookResource struct {
	client *client.Client
}

func (r *webhookResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_webhook"
}

func (r *webhookResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	stamp := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "A webhook that receives call events of outbound tasks (spec §4.4, §2.8, §6.1). " +
			"Attach it to a task through `config.webhook` of `contactcenter_outbound_task`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true, MarkdownDescription: "The webhook id (`id`).",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name": schema.StringAttribute{
				Required: true, MarkdownDescription: "Webhook name (`name`).",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), trimmed()},
			},
			"url": schema.StringAttribute{
				Required: true, MarkdownDescription: "Address the events are POSTed to (`url`): an `http://` or `https://` URL.",
				Validators: []validator.String{stringvalidator.RegexMatches(webhookURLRE, "must be an http:// or https:// URL")},
			},
			"status": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				MarkdownDescription: "Whether the webhook is enabled (`status`, §3.5). Only enabled webhooks receive pushes. Defaults to `false`.",
			},
			"is_encrypt": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				MarkdownDescription: "Whether pushed data is encrypted (`is_encrypt`). Defaults to `false`.",
			},
			"event_type": schema.Int64Attribute{
				Optional: true, Computed: true, Default: int64default.StaticInt64(0),
				MarkdownDescription: "Which event is pushed (`event_type`): `1` the hang-up call record, `2` before the outbound call. " +
					"Defaults to `0` (none chosen: nothing is pushed).",
				Validators: []validator.Int64{int64validator.OneOf(0, 1, 2)},
			},
			"dept_id": schema.Int64Attribute{
				Optional: true, Computed: true, Default: int64default.StaticInt64(0),
				MarkdownDescription: "Department id (`dept_id`). Defaults to `0`.",
				Validators:          []validator.Int64{int64validator.AtLeast(0)},
			},
			"vcc_id": schema.Int64Attribute{
				Computed: true, MarkdownDescription: "Enterprise id (`vcc_id`).",
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"dept_name": schema.StringAttribute{
				Computed: true, MarkdownDescription: "Department name (`dept_name`).",
				PlanModifiers: []planmodifier.String{nameFollowsID{id: "dept_id"}},
			},
			"created_at":        stamp("Creation time (`created_at`), `yyyy-mm-dd HH:ii:ss`."),
			"updated_at":        schema.StringAttribute{Computed: true, MarkdownDescription: "Last update time (`updated_at`), `yyyy-mm-dd HH:ii:ss`."},
			"created_user_name": stamp("Name of the user who created the webhook (`created_user_name`)."),
			"updated_user_name": schema.StringAttribute{Computed: true, MarkdownDescription: "Name of the user who last updated the webhook (`updated_user_name`)."},
		},
	}
}

func (r *webhookResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *webhookResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan webhookModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	w, err := r.client.Webhooks.Create(ctx, plan.expand())
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Create Webhook", err)
		return
	}
	plan.ID = types.StringValue(strconv.FormatInt(int64(w.ID), 10))
	r.readInto(ctx, &plan, &resp.Diagnostics, "Unable to Read Webhook After Create")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *webhookResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state webhookModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	w, err := r.client.Webhooks.Get(ctx, id)
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Read Webhook", err)
		return
	}
	state.flatten(w)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *webhookResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan webhookModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), plan.ID.ValueString())
	if !ok {
		return
	}
	if err := r.client.Webhooks.Update(ctx, id, plan.expand()); err != nil {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Update Webhook", err)
		return
	}
	r.readInto(ctx, &plan, &resp.Diagnostics, "Unable to Read Webhook After Update")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *webhookResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state webhookModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, ok := tfkit.ParseID(&resp.Diagnostics, path.Root("id"), state.ID.ValueString())
	if !ok {
		return
	}
	if err := r.client.Webhooks.Delete(ctx, id); err != nil && !client.IsNotFound(err) {
		tfkit.AddAPIError(&resp.Diagnostics, "Unable to Delete Webhook", err)
	}
}

func (r *webhookResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if n, err := strconv.ParseInt(req.ID, 10, 64); err != nil || n <= 0 {
		resp.Diagnostics.AddError("Invalid Import ID", fmt.Sprintf("A webhook is imported by its numeric id, got %q.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

func (r *webhookResource) readInto(ctx context.Context, m *webhookModel, diags *diag.Diagnostics, summary string) {
	id, _ := strconv.ParseInt(m.ID.ValueString(), 10, 64)
	w, err := r.client.Webhooks.Get(ctx, id)
	if err != nil {
		diags.AddError(summary, tfkit.APIErrorDetail(err))
		return
	}
	m.flatten(w)
}

func (m webhookModel) expand() client.WebhookInput {
	return client.WebhookInput{
		DeptID: m.DeptID.ValueInt64(), Name: m.Name.ValueString(), URL: m.URL.ValueString(),
		Status: m.Status.ValueBool(), IsEncrypt: m.IsEncrypt.ValueBool(), EventType: m.EventType.ValueInt64(),
	}
}

func (m *webhookModel) flatten(w *client.Webhook) {
	m.ID = types.StringValue(strconv.FormatInt(int64(w.ID), 10))
	m.Name = types.StringValue(string(w.Name))
	m.URL = types.StringValue(string(w.URL))
	m.Status = types.BoolValue(bool(w.Status))
	m.IsEncrypt = types.BoolValue(bool(w.IsEncrypt))
	m.EventType = types.Int64Value(int64(w.EventType))
	m.DeptID = types.Int64Value(int64(w.DeptID))
	m.VccID = types.Int64Value(int64(w.VccID))
	m.DeptName = types.StringValue(string(w.DeptName))
	m.CreatedAt = types.StringValue(string(w.CreatedAt))
	m.UpdatedAt = types.StringValue(string(w.UpdatedAt))
	m.CreatedUserName = types.StringValue(string(w.CreatedUserName))
	m.UpdatedUserName = types.StringValue(string(w.UpdatedUserName))
}

type webhookModel struct {
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
