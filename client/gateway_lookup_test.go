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

// TestGatewayCountReadEitherWay: §4.8's get_template and get_sign answer a
// count without saying whether it counts the listing or the page. The
// client took it for the listing: where the gateway counts the page, a
// template or signature past the first 50 read as deleted (refresh dropped
// it, the next apply created it again), listings stopped at 50, and the
// lookup after a lost create answer took an older template of the same
// title for the new one. Both readings now give the same results.
func TestGatewayCountReadEitherWay(t *testing.T) {
	t.Parallel()
	for _, pageCount := range []bool{false, true} {
		t.Run(fmt.Sprintf("pageCount=%v", pageCount), func(t *testing.T) {
			t.Parallel()
			e := newSMSEnv(t)
			ctx := t.Context()
			const n = 60
			var tpls, signs []int64
			for i := range n {
				title := fmt.Sprintf("T%d", i)
				if i == 3 {
					title = "twin" // made by someone else, long before
				}
				id, err := e.c.Gateway.AddTemplate(ctx, gwTemplate(title))
				if err != nil {
					t.Fatal(err)
				}
				tpls = append(tpls, id)
				sid, err := e.c.Gateway.AddSignature(ctx, client.GatewaySignatureInput{SignText: fmt.Sprintf("S%d", i)})
				if err != nil {
					t.Fatal(err)
				}
				signs = append(signs, sid)
			}
			e.mu.Lock()
			e.pageCount = pageCount
			e.mu.Unlock()

			// A fresh client: no list read before the switch serves it.
			c := e.newClient(t)
			if got, err := c.Gateway.GetTemplate(ctx, tpls[55]); err != nil || got.Identifier() != tpls[55] {
				t.Errorf("template %d: %+v, %v", tpls[55], got, err)
			}
			if got, err := c.Gateway.GetSignature(ctx, signs[57]); err != nil || got.Identifier() != signs[57] {
				t.Errorf("signature %d: %+v, %v", signs[57], got, err)
			}
			if all, err := client.Collect(e.newClient(t).Gateway.ListTemplates(ctx, nil)); err != nil || len(all) != n {
				t.Errorf("ListTemplates: %d templates (%v), want %d", len(all), err, n)
			}
			if all, err := client.Collect(e.newClient(t).Gateway.ListSignatures(ctx)); err != nil || len(all) != n {
				t.Errorf("ListSignatures: %d signatures (%v), want %d", len(all), err, n)
			}

			// The platform makes "twin" again but the answer is lost: the
			// lookup finds the new one, not the one made long before.
			e.mu.Lock()
			e.swallow["/smsapi/tpl/v1/add_template"] = 1
			e.mu.Unlock()
			id, err := e.newClient(t).Gateway.AddTemplate(ctx, gwTemplate("twin"))
			if err != nil {
				t.Fatal(err)
			}
			if id == tpls[3] || id <= tpls[n-1] {
				t.Errorf("the lost create was found as template %d; the older twin is %d, the newest before it %d", id, tpls[3], tpls[n-1])
			}
		})
	}
}

// TestGatewayCreateLookupNewestFirst: §4.8 does not say in which order
// get_template and get_sign list. On a gateway that lists newest first, the
// lookup after a lost create answer read from the end of the listing (the
// oldest) and missed the new object: the create was sent again, and the
// gateway held it twice (a signature cannot be deleted). Nor is an older
// identical object taken for it.
func TestGatewayCreateLookupNewestFirst(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	for i := range 3 {
		if _, err := e.c.Gateway.AddTemplate(ctx, gwTemplate(fmt.Sprintf("T%d", i))); err != nil {
			t.Fatal(err)
		}
	}
	older, err := e.c.Gateway.AddTemplate(ctx, gwTemplate("lost")) // an identical template made before
	if err != nil {
		t.Fatal(err)
	}
	e.mu.Lock()
	e.newestFirst = true
	e.swallow["/smsapi/tpl/v1/add_template"] = 1 // the platform makes it; the answer is lost (503)
	e.mu.Unlock()
	adds := e.sim.Stats()["POST /smsapi/tpl/v1/add_template"]
	id, err := e.c.Gateway.AddTemplate(ctx, gwTemplate("lost"))
	if err != nil {
		t.Fatal(err)
	}
	if n := e.sim.Stats()["POST /smsapi/tpl/v1/add_template"] - adds; n != 1 {
		t.Errorf("the lost create was sent %d times, want once (the lookup finds it)", n)
	}
	if id == older || id == 0 {
		t.Errorf("the lookup found template %d; the older identical one is %d", id, older)
	}
}

// TestGatewayCreateLookupNewestFirstIsBounded: on a gateway that lists
// newest first, the lookup after a lost create answer read the whole
// listing, every page of it, at each lookup. It stops at the first object
// older than the create: one page here.
func TestGatewayCreateLookupNewestFirstIsBounded(t *testing.T) {
	t.Parallel()
	e := newSMSEnv(t)
	ctx := t.Context()
	const n = 120 // three pages of get_template at 50 a page
	for i := range n {
		if _, err := e.c.Gateway.AddTemplate(ctx, gwTemplate(fmt.Sprintf("T%d", i))); err != nil {
			t.Fatal(err)
		}
	}
	e.mu.Lock()
	e.newestFirst = true
	e.swallow["/smsapi/tpl/v1/add_template"] = 1 // the platform makes it; the answer is lost (503)
	e.mu.Unlock()
	gets := func() int { // the client's calls (each is three of the simulator's here)
		e.mu.Lock()
		defer e.mu.Unlock()
		return len(e.bodies["/smsapi/tpl/v1/get_template"])
	}
	gets0 := gets()
	id, err := e.c.Gateway.AddTemplate(ctx, gwTemplate("lost"))
	if err != nil {
		t.Fatal(err)
	}
	if n := gets() - gets0; n > 3 {
		t.Errorf("the create with a lost answer made %d get_template calls, want at most 3 (one item at each end, then the first page)", n)
	}
	if got, err := e.c.Gateway.GetTemplate(ctx, id); err != nil || string(got.TplTitle) != "lost" {
		t.Errorf("the id found after the lost answer names %+v (%v), want the template just made", got, err)
	}
}
