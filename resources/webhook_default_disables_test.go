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
		`Webhook 301 ("CRM") is enabled (it receives call events) on the platform (status = true), enabled outside this configuration, whose status is not set and defaults to false: this apply disables the webhook, and its pushes stop.`,
		`To keep it enabled, set status = true; to leave it to the portal, add lifecycle { ignore_changes = [status] }.`,
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

// A webhook whose configuration leaves is_encrypt and event_type out (they
// default to false and 0) gets encryption and an event in the portal. The
// next plan, made for anything else, turned encryption off,
// `is_encrypt = true -> false`, so the call events went out in clear, and
// unchose the event, `event_type = 1 -> 0`, so the pushes stopped, and
// said nothing. The plan now warns of each; configured values do not
// warn, and lifecycle ignore_changes leaves them to the portal.
func TestAccWebhook_defaultEncryptionAndEventWarn(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(webhookConfig("CRM", "https://crm.example.com/hook", "  status = true"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if err := env.Client(t).Webhooks.Update(t.Context(), 301, client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", Status: true, EventType: 1, IsEncrypt: true}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`is_encrypt = true -> false`,
		`Warning: Webhook Encryption Turned Off by the Default`,
		`Webhook 301 ("CRM") encrypts the data it pushes on the platform (is_encrypt = true), turned on outside this configuration, whose is_encrypt is not set and defaults to false: this apply turns encryption off, and the call events are pushed unencrypted.`,
		`To keep it encrypted, set is_encrypt = true; to leave it to the portal, add lifecycle { ignore_changes = [is_encrypt] }.`,
		`event_type = 1 -> 0`,
		`Warning: Webhook Pushes Stopped by the Default Event Type`,
		`Webhook 301 ("CRM") pushes the hang-up call record on the platform (event_type = 1), chosen outside this configuration, whose event_type is not set and defaults to 0 (none chosen, nothing is pushed): this apply unchooses the event, and the webhook's pushes stop.`,
		`To keep them, set event_type = 1; to leave it to the portal, add lifecycle { ignore_changes = [event_type] }.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Default Status") {
		t.Errorf("the webhook stays enabled, and the plan warns of disabling it:\n%s", out)
	}
	w.WriteBody(webhookConfig("CRM", "https://crm.example.com/hook", "  status = true\n  is_encrypt = false\n  event_type = 0"))
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "by the Default") {
		t.Errorf("is_encrypt and event_type are configured, and the plan warns:\n%s", out)
	}
	w.WriteBody(webhookConfig("CRM", "https://crm.example.com/hook", "  status = true\n  lifecycle {\n    ignore_changes = [is_encrypt, event_type]\n  }"))
	w.Must(0, "plan", "-no-color", "-detailed-exitcode")
}
