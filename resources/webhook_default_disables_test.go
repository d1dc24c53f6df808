package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A webhook whose configuration leaves status out (it defaults to false)
// is enabled after the apply, in the portal, and receives the tasks' call
// events. The next plan, made for anything else, disabled it: it showed
// `status = true -> false` among the other changes and said nothing, and
// the pushes stopped. The plan now warns, naming the webhook, and says how
// to keep it enabled; a configured status does not warn.
func TestAccWebhook_defaultStatusDisablingWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(webhookConfig("CRM", "https://crm.example.com/hook", "  event_type = 1"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if err := env.Client(t).Webhooks.Update(t.Context(), 301, client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", Status: true, EventType: 1}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`status = true -> false`,
		`Warning: Webhook Disabled by the Default Status`,
		`Webhook 301 ("CRM") is enabled on the platform (it receives call events), enabled outside this configuration, whose status is not set and defaults to false: this apply disables the webhook, and its pushes stop.`,
		`To keep it enabled, set status = true; to leave its status to the portal, add lifecycle { ignore_changes = [status] }.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	w.WriteBody(webhookConfig("CRM", "https://crm.example.com/hook", "  event_type = 1\n  status = false"))
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "Default Status") {
		t.Errorf("status = false is configured, and the plan warns:\n%s", out)
	}
}
