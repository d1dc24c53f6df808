package client_test

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestWebhookCreateLostAnswerIgnoresTwin: webhook names are not unique. A
// create whose answer is lost looks the webhook up by name and url; a
// webhook of the same name and url that existed before (another team's, or
// another configuration's) is not taken for it: the id returned is the one
// just made, and the create is sent once.
func TestWebhookCreateLostAnswerIgnoresTwin(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	in := client.WebhookInput{Name: "CRM", URL: "https://crm.example.com/hook", EventType: 1}
	twin, err := e.c.Webhooks.Create(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	const path = "/autocall/api/v3/webhook/updateOrCreate"
	e.mu.Lock()
	e.swallow[path] = 1 // the platform makes it; the answer is lost (503)
	e.mu.Unlock()
	got, err := e.c.Webhooks.Create(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID == twin.ID {
		t.Errorf("the lost create adopted the webhook that existed before (id %d)", twin.ID)
	}
	e.mu.Lock()
	n := len(e.bodies[path])
	e.mu.Unlock()
	if n != 2 {
		t.Errorf("updateOrCreate sent %d times, want 2 (the twin, then the lost create once)", n)
	}
	var ids []int64
	for w, err := range e.c.Webhooks.List(ctx, client.WebhookFilter{Name: in.Name}) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, int64(w.ID))
	}
	if len(ids) != 2 {
		t.Errorf("webhooks named CRM: %v, want the twin and the new one", ids)
	}
}
