package datasources_test

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestSharedListWebhooksDriftAndWrite: webhooks data sources, which share
// their reads (as every whole-list kind of TestSharedListReadsPerPlan
// does), see a webhook made in the same apply when they depend on it, and
// one made outside Terraform between two applies, in a plan that
// refreshes (the webhook resource) as in the apply after it.
func TestSharedListWebhooksDriftAndWrite(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(`
resource "contactcenter_webhook" "new" {
  name       = "Shared more new"
  url        = "https://crm.example.com/hooks/more"
  status     = true
  event_type = 1
}
data "contactcenter_webhooks" "before" {
  count = 10
  name  = "Shared more"
}
data "contactcenter_webhooks" "after" {
  count      = 10
  name       = "Shared more"
  depends_on = [contactcenter_webhook.new]
}
output "before" {
  value = distinct([for d in data.contactcenter_webhooks.before : length(d.webhooks)])
}
output "after" {
  value = distinct([for d in data.contactcenter_webhooks.after : length(d.webhooks)])
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if got := outputJSON(t, w, "before"); got != "[0]" {
		t.Errorf("data sources read in the plan, before the create: webhooks seen %s, want [0]", got)
	}
	if got := outputJSON(t, w, "after"); got != "[1]" {
		t.Errorf("data sources read in the apply after the create: webhooks seen %s, want [1] by every one", got)
	}
	// A webhook made outside Terraform between two applies.
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(env.Origin), AccessToken: "sim-token", AppID: "sim-app", AppKey: "sim-key", MaxRetries: 0})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: "Shared more outside", URL: "https://crm.example.com/hooks/outside", EventType: 1}); err != nil {
		t.Fatal(err)
	}
	out := w.Must(0, "apply", "-auto-approve", "-no-color")
	for _, name := range []string{"before", "after"} {
		if got := outputJSON(t, w, name); got != "[2]" {
			t.Errorf("after a webhook was made between two applies: %s seen %s, want [2] by every data source\n%s", name, got, out)
		}
	}
}
