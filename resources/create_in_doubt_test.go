package resources_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccWebhook_createInDoubt: the create's answer is lost after the
// platform made the webhook, and every lookup after it fails. The client
// stops without sending the create again and says the create may have
// taken effect; the diagnostic dropped that and said "retrying later may
// succeed", and applying again made a second webhook. It now says the
// webhook may exist and to check (and import it) before applying again.
func TestAccWebhook_createInDoubt(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	var created atomic.Bool
	lost := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch {
			case strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate"):
				next.ServeHTTP(httptest.NewRecorder(), r) // made, answer lost
				created.Store(true)
				http.Error(w, "gateway timeout", http.StatusGatewayTimeout)
			case strings.HasSuffix(r.URL.Path, "/webhook/lists") && created.Load():
				http.Error(w, "bad gateway", http.StatusBadGateway)
			default:
				next.ServeHTTP(w, r)
			}
		})
	}
	env := acctest.NewWithHandler(t, lost)
	tf, err := acctest.TerraformPath()
	if err != nil {
		t.Fatal(err)
	}
	w := acctest.NewWorkdir(t, tf, env.Reattach(t))
	head := fmt.Sprintf("terraform {\n  required_providers {\n    contactcenter = { source = %q }\n  }\n}\n", strings.TrimPrefix(acctest.ProviderAddr, "registry.terraform.io/"))
	w.Write(head + env.Config(webhookConfig("CRM hang-up", "https://crm.example.com/hangup", "")))
	out := strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-no-color")), " ")
	if !strings.Contains(out, "The create may have taken effect: its answer was lost, and looking the object up afterwards failed too") ||
		!strings.Contains(out, "check on the platform whether the object exists: if it does, import it") ||
		strings.Contains(out, "retrying later may succeed") {
		t.Errorf("apply output:\n%s", out)
	}
	hooks, err := client.Collect(env.Client(t).Webhooks.List(t.Context(), client.WebhookFilter{}))
	if err == nil { // the lists fail on purpose from here on
		t.Fatalf("webhook/lists answered: %d webhooks", len(hooks))
	}
	if n := env.Sim.Stats()["POST /autocall/api/v3/webhook/updateOrCreate"]; n != 1 {
		t.Errorf("the create was sent %d times, want once", n)
	}
}
