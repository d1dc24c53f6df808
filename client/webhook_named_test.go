package client_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// A read back after a write knows the name and url just written: it reads
// webhook/lists filtered by them, one call where the whole list takes
// several pages read twice, and falls back to the whole list when the
// webhook is no longer listed so (renamed in the portal) or is gone.
//
// In a synctest bubble on the simulator in process (inProcessClient): its
// 500 and more requests wait on nothing but their loopback round trips,
// which under make test's load took 6-16 s; in process they cost less CPU.
func TestWebhookGetNamedAfterWrite(t *testing.T) {
	t.Parallel()
	synctest.Test(t, webhookGetNamedAfterWrite)
}

func webhookGetNamedAfterWrite(t *testing.T) {
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, portal := inProcessClient(t, sim), inProcessClient(t, sim)
	ctx := t.Context()
	for i := range 250 {
		if _, err := portal.Webhooks.Create(ctx, client.WebhookInput{Name: fmt.Sprintf("other %d", i), URL: "https://example.com/other"}); err != nil {
			t.Fatal(err)
		}
	}
	in := client.WebhookInput{Name: "CRM hangup", URL: "https://crm.example.com/hangup", EventType: 1}
	w, err := c.Webhooks.Create(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	id := w.ID.Int64()
	const lists = "GET /autocall/api/v3/webhook/lists"
	before := sim.Stats()[lists]
	got, err := c.Webhooks.GetNamed(ctx, id, in.Name, in.URL)
	if err != nil || got.ID.Int64() != id {
		t.Fatalf("read back after the create: %+v, %v", got, err)
	}
	if n := sim.Stats()[lists] - before; n != 1 {
		t.Errorf("the read back by name and url made %d webhook/lists calls; want 1 (the whole list is 3 pages, read twice)", n)
	}

	renamed := in
	renamed.Name = "CRM hangup (portal)"
	if err := portal.Webhooks.Update(ctx, id, renamed); err != nil {
		t.Fatal(err)
	}
	if err := c.Webhooks.Update(ctx, id, renamed); err != nil { // this client's write: reads after it call again
		t.Fatal(err)
	}
	got, err = c.Webhooks.GetNamed(ctx, id, in.Name, in.URL)
	if err != nil || string(got.Name) != renamed.Name {
		t.Errorf("renamed since: want the webhook as the platform holds it, from the whole list; got %+v, %v", got, err)
	}

	if err := portal.Webhooks.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Webhooks.GetNamed(client.FreshReads(ctx), id, renamed.Name, renamed.URL); !client.IsNotFound(err) {
		t.Errorf("deleted since: want not found, got %v", err)
	}
}

// A platform that refuses the filter's values (an answer that is not a
// list) does not fail the read back: the whole list answers it.
func TestWebhookGetNamedFilterRefused(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := taskTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/webhook/lists") && r.URL.Query().Get("name") != "" {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"code":400,"message":"bad name"}`))
			return
		}
		sim.ServeHTTP(w, r)
	}))
	in := client.WebhookInput{Name: "CRM & co 100%", URL: "https://crm.example.com/hangup?x=1", EventType: 1}
	id, err := func() (int64, error) {
		portal := taskTestClient(t, sim)
		w, err := portal.Webhooks.Create(t.Context(), in)
		if err != nil {
			return 0, err
		}
		return w.ID.Int64(), nil
	}()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Webhooks.Update(t.Context(), id, in); err != nil { // a write: reads after it go by name
		t.Fatal(err)
	}
	got, err := c.Webhooks.GetNamed(t.Context(), id, in.Name, in.URL)
	if err != nil || got.ID.Int64() != id {
		t.Errorf("read back where the platform refuses the filter: %+v, %v; want the webhook, from the whole list", got, err)
	}
}
