package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// The portal changes a webhook's url and disables it after the plan (a saved
// plan, or between the refresh and the update of one apply), and the plan
// renames it: webhook/updateOrCreate writes every field (§4.4), and the
// edit sent the url and status refreshed at plan time, putting back what
// the portal had set, without a word, also under lifecycle {
// ignore_changes = [url, status] }, where the portal owns them. A field the
// plan does not change is now sent as the platform holds it, and the
// read-back says it differs from the plan.
func TestAccWebhook_portalEditAfterPlanKept(t *testing.T) {
	t.Parallel()
	for name, lifecycle := range map[string]string{
		"ignore_changes": "\n  lifecycle {\n    ignore_changes = [url, status]\n  }",
		"managed":        "",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			c := env.Client(t)
			config := func(name string) string {
				return fmt.Sprintf(`
resource "contactcenter_webhook" "test" {
  name       = %q
  url        = "https://crm.example.com/hooks/hangup"
  status     = true
  event_type = 1%s
}
`, name, lifecycle)
			}
			w := env.Workdir(t)
			w.WriteBody(config("CRM"))
			w.Must(0, "apply", "-auto-approve", "-no-color")
			w.WriteBody(config("CRM records"))
			out := w.ApplySavedPlan(func() error {
				return c.Webhooks.Update(t.Context(), 301, client.WebhookInput{Name: "CRM", URL: "https://crm2.example.com/hooks/hangup", Status: false, EventType: 1})
			})
			hook, err := c.Webhooks.Get(t.Context(), 301)
			if err != nil {
				t.Fatal(err)
			}
			if string(hook.Name) != "CRM records" || string(hook.URL) != "https://crm2.example.com/hooks/hangup" || bool(hook.Status) {
				t.Errorf("after the rename the webhook is %q, url %q, status %v; want renamed, with the portal's url and still disabled",
					string(hook.Name), string(hook.URL), bool(hook.Status))
			}
			for _, want := range []string{`status: planned true, read back false`, `url: planned "https://crm.example.com/hooks/hangup", read back "https://crm2.example.com/hooks/hangup"`} {
				if !strings.Contains(out, want) {
					t.Errorf("the apply does not say %q:\n%s", want, out)
				}
			}
		})
	}
}
