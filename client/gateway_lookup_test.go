package client_test

import (
	"fmt"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestGatewayCreateLookupIsBounded: a create does not page the whole
// listing of templates or signatures to prepare the lookup of an ambiguous
// failure; it reads one item (two calls), and only after an ambiguous
// failure does it list what came after it. The create whose answer was lost
// is found, not sent again.
func TestGatewayCreateLookupIsBounded(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	const n = 120 // three pages of get_template at 50 a page
	for i := range n {
		if _, err := e.c.Gateway.AddTemplate(ctx, gwTemplate(fmt.Sprintf("T%d", i))); err != nil {
			t.Fatal(err)
		}
	}
	calls := func() (gets, adds int) {
		st := e.sim.Stats()
		return st["POST /smsapi/tpl/v1/get_template"], st["POST /smsapi/tpl/v1/add_template"]
	}
	gets0, adds0 := calls()
	if _, err := e.c.Gateway.AddTemplate(ctx, gwTemplate("plain")); err != nil {
		t.Fatal(err)
	}
	gets1, adds1 := calls()
	if gets1-gets0 > 2 || adds1-adds0 != 1 {
		t.Errorf("a create made %d get_template and %d add_template calls, want at most 2 and 1", gets1-gets0, adds1-adds0)
	}

	// The platform makes the template but the answer is lost (503).
	e.mu.Lock()
	e.swallow["/smsapi/tpl/v1/add_template"] = 1
	e.mu.Unlock()
	id, err := e.c.Gateway.AddTemplate(ctx, gwTemplate("lost"))
	if err != nil {
		t.Fatal(err)
	}
	gets2, adds2 := calls()
	if adds2-adds1 != 1 {
		t.Errorf("the lost create was sent %d times, want once (the lookup finds it)", adds2-adds1)
	}
	if gets2-gets1 > 3 {
		t.Errorf("the create with a lost answer made %d get_template calls, want at most 3 (one item twice, then the new ones)", gets2-gets1)
	}
	if got, err := e.c.Gateway.GetTemplate(ctx, id); err != nil || string(got.TplTitle) != "lost" {
		t.Errorf("the id found after the lost answer names %+v (%v), want the template just made", got, err)
	}
}

func gwTemplate(title string) client.GatewayTemplateInput {
	return client.GatewayTemplateInput{TplTitle: title, TplText: "Code ${code}", TplType: 1}
}
