package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A webhook address that carries credentials (https://user:pass@host/,
// ?token=…) is the one a careful user sets from a sensitive variable:
// Terraform shows it as (sensitive value) in the plan, but it does not mask
// a provider's diagnostic, and the url's check quoted the address whole,
// password and token included, into the plan's error, which CI keeps for
// months. The check quotes it as the provider's own surface URLs are
// quoted: without the user and password, and without a secret's value.
func TestAccWebhook_badURLFromSensitiveVariableHidesCredentials(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(`
variable "hook" {
  type      = string
  sensitive = true
}

resource "contactcenter_webhook" "test" {
  name = "CRM"
  url  = var.hook
}
`)
	for url, want := range map[string]string{
		"ftp://crm:Hunter2pw@crm.example.com/hook?token=Tok3nValue": `got "ftp://crm.example.com/hook?token=[REDACTED]" (shown without its user and password): its scheme is not http or https.`,
		"https://crm:Hunter2pw@crm.example.com/hook ":               `got "https://crm.example.com/hook " (shown without its user and password): it begins or ends with white space`,
		"https://crm:Hun/ter2pw@crm.example.com/hook":               `got "https://crm.example.com/hook" (shown without its user and password): it does not parse as a URL.`,
		"https://crm.example.com/hook?x=1&token=Tok3nValue ":        `got "https://crm.example.com/hook?x=1&token=[REDACTED] ": it begins or ends with white space`,
	} {
		_, out := w.Run("plan", "-no-color", "-var", "hook="+url)
		flat := strings.Join(strings.Fields(out), " ")
		for _, secret := range []string{"Hunter2pw", "Hun/ter2pw", "Tok3nValue", "ter2pw", `":Hun"`} {
			if strings.Contains(out, secret) {
				t.Errorf("url %q: the plan shows %q:\n%s", url, secret, out)
			}
		}
		if !strings.Contains(flat, want) {
			t.Errorf("url %q: the plan does not say %q:\n%s", url, want, out)
		}
	}
}

// The warning of a webhook created beside one of the same name and url
// (TestAccCreateBesideExisting) quoted the url whole, password and token
// included; it quotes it as the url's check does.
func TestAccWebhook_besideExistingHidesCredentials(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	body := `
variable "hook" {
  type      = string
  sensitive = true
  default   = "https://crm:Hunter2pw@crm.example.com/calls?token=Tok3nValue"
}

resource "contactcenter_webhook" "w" {
  name = "CRM"
  url  = var.hook
}
`
	staging := env.Workdir(t)
	staging.WriteBody(body)
	staging.Must(0, "apply", "-auto-approve", "-no-color")
	promoted := env.Workdir(t)
	promoted.WriteBody(body)
	out := promoted.Must(0, "apply", "-auto-approve", "-no-color")
	for _, secret := range []string{"Hunter2pw", "Tok3nValue"} {
		if strings.Contains(out, secret) {
			t.Errorf("the apply shows %q:\n%s", secret, out)
		}
	}
	want := `A webhook named "CRM" with url "https://crm.example.com/calls?token=[REDACTED]" (shown without its user and password) already existed (id `
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, want) {
		t.Errorf("the apply lacks %q:\n%s", want, out)
	}
}

// The portal changes the address of a webhook whose url carries
// credentials between the plan and the apply's read-back: the warning that
// the webhook was read back with other values quoted both addresses whole.
func TestAccWebhook_readBackHidesCredentials(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	config := func(name string) string {
		return `
variable "hook" {
  type      = string
  sensitive = true
  default   = "https://crm:Hunter2pw@crm.example.com/calls?token=Tok3nValue"
}

resource "contactcenter_webhook" "test" {
  name = "` + name + `"
  url  = var.hook
}
`
	}
	w := env.Workdir(t)
	w.WriteBody(config("CRM"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(config("CRM records"))
	out := w.ApplySavedPlan(func() error {
		return c.Webhooks.Update(t.Context(), 301, client.WebhookInput{Name: "CRM", URL: "https://crm:N3wSecret@crm2.example.com/calls"})
	})
	for _, secret := range []string{"Hunter2pw", "Tok3nValue", "N3wSecret"} {
		if strings.Contains(out, secret) {
			t.Errorf("the apply shows %q:\n%s", secret, out)
		}
	}
	want := `url: planned "https://crm.example.com/calls?token=[REDACTED]" (shown without its user and password), read back "https://crm2.example.com/calls" (shown without its user and password)`
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, want) {
		t.Errorf("the apply lacks %q:\n%s", want, out)
	}
}
