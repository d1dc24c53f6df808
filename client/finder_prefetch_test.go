package client_test

import (
	"fmt"
	"testing"
	"testing/synctest"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestFinderPrefetchOnce: a collection too large to prefetch whole (61
// gateway templates, 50 a page) is prefetched once per walk: the first
// read reads the first page, the objects on it are served from it, and
// reads of the others go by ids, one get_template each when they arrive
// one at a time. Reading the first page again for each of them (the
// prefetch not recorded) cost two calls a read, and no test saw it.
func TestFinderPrefetchOnce(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	ctx := t.Context()
	ids := e.gatewayTemplates(t, 61)
	c := e.client(t, nil)
	const getTemplate = "POST /smsapi/tpl/v1/get_template"
	before := e.sim.Stats()
	for _, id := range ids {
		if got, err := c.Gateway.GetTemplate(ctx, id); err != nil || got.Identifier() != id {
			t.Fatalf("template %d: %v, %v", id, got, err)
		}
	}
	// One call for the first page (50 templates), one for each of the 11
	// others.
	if n := e.calls(before)[getTemplate]; n != 12 {
		t.Errorf("61 templates read one after another: %d get_template calls, want 12 (the first page, then 11 by id)", n)
	}
}

// TestFinderWholeListOverPages: SMS signatures have no read but the whole
// list (500 a page, newest first). A fresh client reads it once, every
// page (past the five pages a collection with an id filter prefetches),
// and finds a signature on any of them: one on a later page is not
// reported deleted (which drops it from the state, and the next apply
// makes it again). A read past the last page costs nothing.
//
// In a synctest bubble on the simulator in process (newBubbleFinderEnv):
// its 5,000 and more requests wait on nothing but their loopback round
// trips, which under make test's load took 21.8 s; in process they cost
// less CPU, and the counts of calls do not depend on the scheduler.
func TestFinderWholeListOverPages(t *testing.T) {
	t.Parallel()
	synctest.Test(t, finderWholeListOverPages)
}

func finderWholeListOverPages(t *testing.T) {
	e := newBubbleFinderEnv(t)
	ctx := t.Context()
	var ids []int64
	for i := range 2501 {
		s, err := e.c0.SMS.CreateSignature(ctx, client.SMSSignatureInput{SignText: fmt.Sprintf("Brand%04d", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s.ID.Int64())
	}
	c := e.client(t, nil)
	const signList = "POST /open/sms/sign/list"
	before := e.sim.Stats()
	// Newest first: ids[0] is alone on page 6, ids[1] on page 5, ids[2500] on page 1.
	for _, id := range []int64{ids[0], ids[1], ids[2500]} {
		if got, err := c.SMS.GetSignature(ctx, id); err != nil || got.ID.Int64() != id {
			t.Errorf("signature %d: %v, %v; want it found", id, got, err)
		}
	}
	if n := e.calls(before)[signList]; n != 6 {
		t.Errorf("%d sign/list calls, want 6 (one read of the six pages)", n)
	}
}
