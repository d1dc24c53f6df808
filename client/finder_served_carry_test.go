package client_test

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// A read of a webhook answered by a read of the whole list, then a second
// whole read in the same generation (another webhook missing from the
// first, made in the portal since), then an edit in the portal: the next
// read of the first webhook (a poll) must call again, not be answered by
// the second whole read, which began before the edit.
func TestFinderSecondReadAfterAnotherWholeRead(t *testing.T) {
	t.Parallel()
	e := newLargeWebhookEnv(t, 100, 3) // two pages: a whole read is not conclusive
	c, lists, _ := e.fresh(t)
	x := e.managed[0]
	if _, err := c.Webhooks.Get(t.Context(), x.ID.Int64()); err != nil {
		t.Fatal(err)
	}
	z, err := e.portal.Webhooks.Create(t.Context(), client.WebhookInput{Name: "made later", URL: "https://crm.example.com/later", EventType: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Webhooks.Get(t.Context(), z.ID.Int64()); err != nil {
		t.Fatal(err)
	}
	if err := e.portal.Webhooks.Update(t.Context(), x.ID.Int64(), client.WebhookInput{Name: string(x.Name), URL: string(x.URL), EventType: 2}); err != nil {
		t.Fatal(err)
	}
	got, err := c.Webhooks.Get(t.Context(), x.ID.Int64())
	if err != nil || got.EventType != 2 {
		t.Errorf("read again after a change in the portal: %+v, %v; want event_type 2 (%d webhook/lists calls)", got, err, lists.Load())
	}
}
