package datasources

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

var _ datasource.DataSourceWithConfigure = (*webhooksDataSource)(nil)

// NewWebhooksDataSource returns the contactcenter_webhooks data source.
func NewWebhooksDataSource() datasource.DataSource { return &webhooksDataSource{} }

type webhooksDataSource struct {
	client *client.Client
}

func (d *webhooksDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_webhooks"
}

func (d *webhooksDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	str := func(desc string) schema.StringAttribute {
		return schema.StringAttribute{Computed: true, MarkdownDescription: desc}
	}
	num := func(desc string) schema.Int64Attribute {
		return schema.Int64Attribute{Computed: true, MarkdownDescription: desc}
	}
	flag := func(desc string) schema.BoolAttribute {
		return schema.BoolAttribute{Computed: true, MarkdownDescription: desc}
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists webhooks (webhook/lists, spec §4.4), optionally filtered by name and url.",
		Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{Optional: true, MarkdownDescription: "Only webhooks whose name contains this text (`name`)."},
			"url":  schema.StringAttribute{Optional: true, MarkdownDescription: "Only webhooks whose address contains this text (`url`)."},
			"webhooks": schema.ListNestedAttribute{
				Computed: true, MarkdownDescription: "The matching webhooks, by id.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":                str("Webhook id."),
					"vcc_id":            num("Enterprise id."),
					"name":              str("Webhook name."),
					"url":               str("Address events are POSTed to."),
					"status":            flag("Whether the webhook is enabled."),
					"dept_id":           num("Department id."),
					"dept_name":         str("Department name."),
					"event_type":        num("`1` hang-up call record, `2` before the call, `0` none."),
					"is_encrypt":        flag("Whether pushed data is encrypted."),
					"created_at":        str("Creation time, `yyyy-mm-dd HH:ii:ss`."),
					"updated_at":        str("Last update time, `yyyy-mm-dd HH:ii:ss`."),
					"created_user_name": str("Who created the webhook."),
					"updated_user_name": str("Who last updated the webhook."),
					"created_user_id":   num("Id of the user who created the webhook."),
					"updated_user_id":   num("Id of the user who last updated the webhook."),
				}},
			},
		},
	}
}

func (d *webhooksDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = tfkit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

func (d *webhooksDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m webhooksModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m.Webhooks = []webhookItem{}
	for w, err := range d.client.Webhooks.List(ctx, client.WebhookFilter{Name: m.Name.ValueString(), URL: m.URL.ValueString()}) {
		if err != nil {
			tfkit.AddAPIError(&resp.Diagnostics, "Unable to List Webhooks", err)
			return
		}
		m.Webhooks = append(m.Webhooks, webhookItem{
			ID: types.StringValue(strconv.FormatInt(int64(w.ID), 10)), VccID: types.Int64Value(int64(w.VccID)),
			Name: types.StringValue(string(w.Name)), URL: types.StringValue(string(w.URL)), Status: types.BoolValue(bool(w.Status)),
			DeptID: types.Int64Value(int64(w.DeptID)), DeptName: types.StringValue(string(w.DeptName)),
			EventType: types.Int64Value(int64(w.EventType)), IsEncrypt: types.BoolValue(bool(w.IsEncrypt)),
			CreatedAt: types.StringValue(string(w.CreatedAt)), UpdatedAt: types.StringValue(string(w.UpdatedAt)),
			CreatedUserName: types.StringValue(string(w.CreatedUserName)), UpdatedUserName: types.StringValue(string(w.UpdatedUserName)),
			CreatedUserID: types.Int64Value(int64(w.CreatedUserID)), UpdatedUserID: types.Int64Value(int64(w.UpdatedUserID)),
		})
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

type webhooksModel struct {
	Name     types.String  `tfsdk:"name"`
	URL      types.String  `tfsdk:"url"`
	Webhooks []webhookItem `tfsdk:"webhooks"`
}

type webhookItem struct {
	ID              types.String `tfsdk:"id"`
	VccID           types.Int64  `tfsdk:"vcc_id"`
	Name            types.String `tfsdk:"name"`
	URL             types.String `tfsdk:"url"`
	Status          types.Bool   `tfsdk:"status"`
	DeptID          types.Int64  `tfsdk:"dept_id"`
	DeptName        types.String `tfsdk:"dept_name"`
	EventType       types.Int64  `tfsdk:"event_type"`
	IsEncrypt       types.Bool   `tfsdk:"is_encrypt"`
	CreatedAt       types.String `tfsdk:"created_at"`
	UpdatedAt       types.String `tfsdk:"updated_at"`
	CreatedUserName types.String `tfsdk:"created_user_name"`
	UpdatedUserName types.String `tfsdk:"updated_user_name"`
	CreatedUserID   types.Int64  `tfsdk:"created_user_id"`
	UpdatedUserID   types.Int64  `tfsdk:"updated_user_id"`
}
