package resources_test

import (
	"fmt"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestWebhook_manyCreatesShareReadBacks: 200 webhooks created in one
// apply, in a contact center that holds 1,000 (11 pages of webhook/lists).
// Each create's read back began its own read of the whole list, as a
// write had come between any two of them: 2,505 webhook/lists calls (200
// lookups before the creates, 2,305 pages read back). Reads back that
// arrive while a list is in flight shared the next one (673 calls); each
// now reads the list filtered by its name and url, one call (400).
// Over the protocol in process, with the calls and the parallelism of
// Terraform's plan and apply (acctest.Resources), and the empty plan
// after the apply checked; Terraform's own path of the webhook stays with
// the TestAccWebhook_* tests.
func TestWebhook_manyCreatesShareReadBacks(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	for i := range 1000 {
		if _, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: fmt.Sprintf("old %d", i), URL: "https://example.com/old"}); err != nil {
			t.Fatal(err)
		}
	}
	const lists = "GET /autocall/api/v3/webhook/lists"
	r := env.Resources(t, "contactcenter_webhook")
	var configs []any
	for i := range 200 {
		configs = append(configs, map[string]any{"name": fmt.Sprintf("hook %d", i), "url": fmt.Sprintf("https://example.com/%d", i)})
	}
	before := env.Sim.Stats()[lists]
	applied := r.Apply(nil, configs)
	// 200 lookups before the creates (the duplicate-create protection),
	// plus the reads back, a call each by name and url; read whole, these
	// are 200 reads of 11 pages at least, or shared, some 470 calls.
	if n := env.Sim.Stats()[lists] - before; n > 420 {
		t.Errorf("creating 200 webhooks among 1,000 made %d webhook/lists calls; want at most 420 (200 lookups, 200 reads back by name and url)", n)
	}
	r.CheckPlanEmpty(applied, configs)
}

// TestWebhook_manyEditsReadByName: 100 webhooks renamed in one apply,
// among 1,000. Each edit reads the webhook first (to send the fields the
// plan does not change as the platform holds them) and reads it back
// after: after the first write, each read of the whole list (11 pages)
// was shared only by the reads arriving meanwhile (370 calls; 290 with the
// reads back by name, as the machine's load let the others share). The
// read before the edit is filtered by the name and url the state holds,
// the read back by those just written: a call each (210, whatever the
// load). In process, as TestWebhook_manyCreatesShareReadBacks.
func TestWebhook_manyEditsReadByName(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	for i := range 900 {
		if _, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: fmt.Sprintf("old %d", i), URL: "https://example.com/old"}); err != nil {
			t.Fatal(err)
		}
	}
	const lists = "GET /autocall/api/v3/webhook/lists"
	r := env.Resources(t, "contactcenter_webhook")
	config := func(prefix string) []any {
		var configs []any
		for i := range 100 {
			configs = append(configs, map[string]any{"name": fmt.Sprintf("%s %d", prefix, i), "url": fmt.Sprintf("https://example.com/%d", i)})
		}
		return configs
	}
	created := r.Apply(nil, config("hook"))
	r.CheckPlanEmpty(created, config("hook"))
	before := env.Sim.Stats()[lists]
	renamed := r.Apply(created, config("renamed hook"))
	// The plan's refresh reads the whole list (11 pages, twice), and so do
	// the first reads before an edit, before any write; then a call a read.
	n := env.Sim.Stats()[lists] - before
	t.Logf("%d webhook/lists calls", n)
	if n > 250 {
		t.Errorf("renaming 100 webhooks among 1,000 made %d webhook/lists calls; want at most 250 (reads back by name and url)", n)
	}
	r.CheckPlanEmpty(renamed, config("renamed hook"))
	for i, in := range renamed {
		if got := r.Decode(in)["name"]; got != fmt.Sprintf("renamed hook %d", i) {
			t.Errorf("webhook %d named %v after the apply", i, got)
		}
	}
}
