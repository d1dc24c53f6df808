package resources_test

import (
	"fmt"
	"maps"
	"strconv"
	"sync"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestWebhookImportCalls: an import of one webhook by its id (an import
// block's identity: the import, then the read of the imported object, as
// `terraform import` and an import by id make them) among 1,000 reads
// webhook/lists up to the webhook's page, not every page (10).
func TestWebhookImportCalls(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	var wg sync.WaitGroup
	errs := make(chan error, 1000)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < 1000; i += 8 {
				if _, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: fmt.Sprintf("w%d", i), URL: fmt.Sprintf("https://example.com/%d", i), EventType: 1}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	all, err := client.Collect(c.Webhooks.List(t.Context(), client.WebhookFilter{}))
	if err != nil || len(all) != 1000 {
		t.Fatalf("list: %d, %v", len(all), err)
	}
	const lists = "GET /autocall/api/v3/webhook/lists"
	for _, tc := range []struct {
		name string
		w    client.Webhook
		max  int
	}{{"page 1", all[0], 1}, {"last page", all[999], 10}} {
		before := maps.Clone(env.Sim.Stats())
		state, diags := env.ImportByIdentity(t, "contactcenter_webhook", map[string]any{"id": strconv.FormatInt(tc.w.ID.Int64(), 10)})
		if len(diags) != 0 || state["name"] != string(tc.w.Name) {
			t.Fatalf("import of the webhook on %s: %v %v", tc.name, state, diags)
		}
		n := env.Sim.Stats()[lists] - before[lists]
		t.Logf("import of a webhook on %s among 1,000: %d webhook/lists calls", tc.name, n)
		if n > tc.max {
			t.Errorf("import of a webhook on %s among 1,000: %d webhook/lists calls, want at most %d", tc.name, n, tc.max)
		}
	}
}
