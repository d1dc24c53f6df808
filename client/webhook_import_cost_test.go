package client_test

import (
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// An import names a webhook by its id alone (terraform import, an import
// block, an identity): its read has no name and url to filter by
// (GetNamed with none: Get), and webhook/lists has no id filter (§4.4).
// It read the whole list, every page (21 calls among 2,000 webhooks),
// where the pages up to the webhook's answer it: a read by id stops at the
// page that holds it. One that is on no page still reads every page and is
// gone.
func TestWebhookImportReadsUpToItsPage(t *testing.T) {
	t.Parallel()
	synctest.Test(t, webhookImportReadsUpToItsPage)
}

func webhookImportReadsUpToItsPage(t *testing.T) {
	e := newBubbleLargeWebhookEnv(t, 2000, 0)
	all, err := client.Collect(e.portal.Webhooks.List(t.Context(), client.WebhookFilter{}))
	if err != nil || len(all) != 2000 {
		t.Fatalf("list: %d webhooks, %v", len(all), err)
	}
	// fresh is a new process's client (an import's walk), counting its
	// webhook/lists calls.
	fresh := func() (*client.Client, *atomic.Int32) {
		lists := &atomic.Int32{}
		c := inProcessClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/webhook/lists") {
				lists.Add(1)
			}
			e.sim.ServeHTTP(w, r)
		}))
		return c, lists
	}
	importOne := func(c *client.Client, id int64) (*client.Webhook, error) {
		c.Refreshing() // an imported object is read as a refresh reads it
		return c.Webhooks.GetNamed(t.Context(), id, "", "")
	}
	for _, tc := range []struct {
		name string
		w    client.Webhook
		max  int32
	}{
		{"page 1", all[0], 1},
		{"page 2", all[150], 2},
		{"last page", all[len(all)-1], 20},
	} {
		c, lists := fresh()
		got, err := importOne(c, tc.w.ID.Int64())
		if err != nil || got.ID != tc.w.ID || got.Name != tc.w.Name {
			t.Fatalf("%s: import of %d: %+v, %v", tc.name, tc.w.ID, got, err)
		}
		t.Logf("import of a webhook on %s: %d webhook/lists calls", tc.name, lists.Load())
		if n := lists.Load(); n > tc.max {
			t.Errorf("import of a webhook on %s among 2,000: %d webhook/lists calls, want at most %d", tc.name, n, tc.max)
		}
	}

	// An id on no page reads every page, and is gone.
	c, lists := fresh()
	if _, err := importOne(c, 999999); !client.IsNotFound(err) {
		t.Fatalf("import of a webhook that does not exist: %v, want not found", err)
	}
	t.Logf("import of a webhook that does not exist: %d webhook/lists calls", lists.Load())
	if n := lists.Load(); n < 20 {
		t.Errorf("a webhook missing was taken for gone after %d webhook/lists calls: the list takes 20 pages", n)
	}

	// Imports one after the other in one process go on from the page where
	// the read before stopped: no page is read twice.
	c, lists = fresh()
	for _, w := range []client.Webhook{all[0], all[1000], all[len(all)-1]} {
		if got, err := importOne(c, w.ID.Int64()); err != nil || got.ID != w.ID {
			t.Fatalf("import of %d after others: %+v, %v", w.ID, got, err)
		}
	}
	t.Logf("3 imports one after the other: %d webhook/lists calls", lists.Load())
	if n := lists.Load(); n > 20 {
		t.Errorf("3 imports one after the other among 2,000: %d webhook/lists calls, want at most 20 (the list's pages)", n)
	}

	// Imports arriving together (import blocks) share the reads: one on
	// page 1 and one on the last page cost the pages once.
	c, lists = fresh()
	var wg sync.WaitGroup
	for _, w := range []client.Webhook{all[0], all[len(all)-1], all[1000]} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got, err := importOne(c, w.ID.Int64()); err != nil || got.ID != w.ID {
				t.Errorf("import of %d with others: %+v, %v", w.ID, got, err)
			}
		}()
	}
	wg.Wait()
	t.Logf("3 imports at once: %d webhook/lists calls", lists.Load())
	if n := lists.Load(); n > 20 {
		t.Errorf("3 imports at once among 2,000: %d webhook/lists calls, want at most 20 (the list's pages)", n)
	}
}

// TestWebhookImportResumeSeesOutOfBand: a read by id that goes on from the
// page where the one before stopped sees what the portal changed and
// deleted meanwhile: a webhook renamed on a later page is read as renamed,
// one deleted is gone, and one that a delete on an earlier page shifted
// onto the page already read is found all the same (the read that missed
// it is confirmed from page 1).
func TestWebhookImportResumeSeesOutOfBand(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		e := newBubbleLargeWebhookEnv(t, 300, 0)
		all, err := client.Collect(e.portal.Webhooks.List(t.Context(), client.WebhookFilter{}))
		if err != nil || len(all) != 300 {
			t.Fatalf("list: %d webhooks, %v", len(all), err)
		}
		c := inProcessClient(t, e.sim)
		c.Refreshing()
		ctx := t.Context()
		if got, err := c.Webhooks.GetNamed(ctx, all[0].ID.Int64(), "", ""); err != nil || got.ID != all[0].ID {
			t.Fatalf("import on page 1: %+v, %v", got, err)
		}
		renamed, deleted, shifted := all[150], all[250], all[100]
		in := client.WebhookInput{Name: "renamed in the portal", URL: string(renamed.URL), EventType: 1}
		if err := e.portal.Webhooks.Update(ctx, renamed.ID.Int64(), in); err != nil {
			t.Fatal(err)
		}
		for _, w := range []client.Webhook{deleted, all[50]} { // all[50]: page 1, shifting page 2 by one
			if err := e.portal.Webhooks.Delete(ctx, w.ID.Int64()); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := c.Webhooks.GetNamed(ctx, renamed.ID.Int64(), "", ""); err != nil || got.Name != "renamed in the portal" {
			t.Errorf("renamed in the portal: %+v, %v", got, err)
		}
		if got, err := c.Webhooks.GetNamed(ctx, shifted.ID.Int64(), "", ""); err != nil || got.ID != shifted.ID {
			t.Errorf("shifted onto page 1 by a delete: %+v, %v", got, err)
		}
		if _, err := c.Webhooks.GetNamed(ctx, deleted.ID.Int64(), "", ""); !client.IsNotFound(err) {
			t.Errorf("deleted in the portal: %v, want not found", err)
		}
	})
}
