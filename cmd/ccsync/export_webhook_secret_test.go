package main

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// A webhook whose address carries a password or a token was written into
// webhooks.tf in clear, without a word: the folder the export writes is
// meant for version control and CI, and nothing said the file held a
// secret (versions.tf even says "Nothing secret is written here"). The
// address is still written as the platform holds it (the first plan must
// change nothing), with a comment above it and a note naming the fix; the
// note quotes it without the secret. An address without one gets neither.
func TestExportCommand_webhookURLWithSecretIsFlagged(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	for name, url := range map[string]string{
		"CRM":   "https://crm:Hunter2pw@crm.example.com/hook",
		"Chat":  "https://chat.example.com/hook?token=Tok3nValue",
		"Plain": "https://plain.example.com/hook",
	} {
		if _, err := c.Webhooks.Create(context.Background(), client.WebhookInput{Name: name, URL: url}); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(t.TempDir(), "cc")
	code, out, errOut := runCLI("export", "terraform", dir, "--endpoint", srv.URL, "--access-token", "sim-token", "--kinds", "webhooks")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	all := out + errOut
	for _, want := range []string{
		`secret in clear: contactcenter_webhook.crm: the webhook's url carries a password or a token (https://crm.example.com/hook), written as the platform holds it in webhooks.tf; move it to a variable with sensitive = true`,
		`secret in clear: contactcenter_webhook.chat: the webhook's url carries a password or a token (https://chat.example.com/hook?token=[REDACTED]), written`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the export does not say %q:\n%s", want, all)
		}
	}
	for _, secret := range []string{"Hunter2pw", "Tok3nValue", "contactcenter_webhook.plain: the webhook's url"} {
		if strings.Contains(all, secret) {
			t.Errorf("the export's output shows %q:\n%s", secret, all)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "webhooks.tf"))
	if err != nil {
		t.Fatal(err)
	}
	const flag = "  # This address carries a password or a token, in clear here: set it from a sensitive variable before this folder goes into version control.\n"
	for _, want := range []string{
		flag + `  url = "https://crm:Hunter2pw@crm.example.com/hook"`,
		flag + `  url = "https://chat.example.com/hook?token=Tok3nValue"`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("webhooks.tf lacks %q:\n%s", want, b)
		}
	}
	if n := strings.Count(string(b), flag); n != 2 {
		t.Errorf("webhooks.tf flags %d addresses, want 2 (not the plain one):\n%s", n, b)
	}
}
