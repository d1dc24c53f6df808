package datasources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

var _ datasource.DataSourceWithConfigure = (*webhooksDataSource)(nil)

// NewWebhooksDataSource returns the contactcenter_webhooks data source.
func NewWebhooksDataSource() datasource.DataSource {
	return &webhooksDataSource{DataSource: framework.NewDataSource("webhooks")}
}

type webhooksDataSource struct {
	framework.DataSource
}

func (d *webhooksDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	item := framework.ComputedAttributes(resources.WebhookAttributes())
	item["created_user_id"] = framework.ComputedInt64("Id of the user who created the webhook (`created_user_id`).")
	item["updated_user_id"] = framework.ComputedInt64("Id of the user who last updated the webhook (`updated_user_id`).")
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists webhooks with their settings (the attributes of `contactcenter_webhook`): all of them, " +
			"or those whose name or address contains a given text. API: webhook/lists (spec §4.4, §2.8).",
		Attributes: map[string]schema.Attribute{
			"name":     textFilter("Only webhooks whose name contains this text (`name`)."),
			"url":      textFilter("Only webhooks whose address contains this text (`url`)."),
			"webhooks": framework.ComputedList("The matching webhooks, by id.", item),
		},
	}
}

func (d *webhooksDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	framework.ReadDataSource(ctx, req, resp, "Unable to List Webhooks", func(ctx context.Context, m *webhooksModel) error {
		hooks, err := d.Client.Webhooks.ListShared(ctx, client.WebhookFilter{Name: m.Name.ValueString(), URL: m.URL.ValueString()})
		m.Webhooks = flattenItems(byID(hooks, func(w client.Webhook) int64 { return w.ID.Int64() }),
			func(w *client.Webhook, item *webhookItem) {
				framework.Flatten(w, &item.WebhookRecord)
				framework.Flatten(w, item)
			})
		return err
	})
}

type webhooksModel struct {
	Name     types.String  `tfsdk:"name"`
	URL      types.String  `tfsdk:"url"`
	Webhooks []webhookItem `tfsdk:"webhooks"`
}

// webhookItem is the resource's record and what only a list answers.
type webhookItem struct {
	resources.WebhookRecord
	CreatedUserID types.Int64 `tfsdk:"created_user_id"`
	UpdatedUserID types.Int64 `tfsdk:"updated_user_id"`
}
