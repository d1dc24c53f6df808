package client_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// webhookApplyEnv is a simulator with n webhooks made in the portal, a
// client that has written already (an apply past its first edit), and a
// count of its webhook/lists calls; every webhook/updateOrCreate takes
// 40ms (the platform's latency). Its clients call the simulator in
// process (client.InProcess), so it works in a testing/synctest bubble.
func webhookApplyEnv(t *testing.T, n int) (c *client.Client, portal *client.Client, ids []int64, lists *atomic.Int32) {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lists = &atomic.Int32{}
	c = inProcessClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate"):
			time.Sleep(40 * time.Millisecond)
		case strings.HasSuffix(r.URL.Path, "/webhook/lists"):
			lists.Add(1)
		}
		sim.ServeHTTP(w, r)
	}))
	portal = inProcessClient(t, sim)
	for i := range n {
		w, err := portal.Webhooks.Create(t.Context(), client.WebhookInput{Name: fmt.Sprintf("hook %d", i), URL: fmt.Sprintf("https://crm.example.com/%d", i), EventType: 1})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, w.ID.Int64())
	}
	// The apply's first write (its reads after it are no refresh's).
	if err := c.Webhooks.Update(t.Context(), ids[n-1], client.WebhookInput{Name: "hook last", URL: "https://crm.example.com/last", EventType: 1}); err != nil {
		t.Fatal(err)
	}
	lists.Store(0)
	return c, portal, ids, lists
}

// TestWebhookUpdatesShareReads: an apply that changes one attribute of
// many webhooks (a for_each, Terraform's parallelism of 10) reads each
// before its write (the values the platform holds, GetNamed by the name
// and url of the state) and after it (the read back). Each read was one
// webhook/lists filtered by name and url: 40 edits cost 80 calls. The
// reads arriving together, held for the writes in flight, now share a
// call: the whole list (2 pages of 100) where that is cheaper than one
// filtered call per webhook (9 calls here). Each still reads what its
// write did.
//
// In a synctest bubble, on the simulator in process: the writes' 4 ms
// apart and 40 ms, and the finder's hold, are on the bubble's clock. On
// the wall clock a loaded machine spread the reads over more calls than
// the writes in flight together make ("21 webhook/lists calls", "22", 2
// runs in 5 with 6 busy loops).
func TestWebhookUpdatesShareReads(t *testing.T) {
	t.Parallel()
	synctest.Test(t, webhookUpdatesShareReads)
}

func webhookUpdatesShareReads(t *testing.T) {
	const n = 40
	c, _, ids, lists := webhookApplyEnv(t, 150)
	likeAnApply(t, n, func(i int) error {
		id := ids[i]
		name, url := fmt.Sprintf("hook %d", i), fmt.Sprintf("https://crm.example.com/%d", i)
		held, err := c.Webhooks.GetNamed(t.Context(), id, name, url)
		if err != nil {
			return err
		}
		in := client.WebhookInput{Name: string(held.Name), URL: string(held.URL), EventType: 2}
		if err := c.Webhooks.Update(t.Context(), id, in); err != nil {
			return err
		}
		w, err := c.Webhooks.GetNamed(t.Context(), id, name, url)
		switch {
		case err != nil:
			return err
		case w.EventType.Int64() != 2 || string(w.Name) != name:
			return fmt.Errorf("webhook %d read back as %q, event_type %d; want %q, 2", id, w.Name, w.EventType.Int64(), name)
		}
		return nil
	})
	if got := lists.Load(); got > n/2 {
		t.Errorf("%d webhook/lists calls to edit %d webhooks 10 at a time (a read before each write and one after), want at most %d", got, n, n/2)
	}
}

// TestWebhookReadBackSeesChangeOutOfBand: a webhook changed in the portal
// between this client's write and its read back is read back as the
// portal left it, whichever way the batch of read backs reads: the whole
// list (several read backs together) or the list filtered by name and url
// (one alone); renamed in the portal, it is still found (by Get).
func TestWebhookReadBackSeesChangeOutOfBand(t *testing.T) {
	t.Parallel()
	for _, together := range []int{1, 6} {
		for _, rename := range []bool{false, true} {
			t.Run(fmt.Sprintf("together=%d,rename=%v", together, rename), func(t *testing.T) {
				t.Parallel()
				c, portal, ids, _ := webhookApplyEnv(t, 120)
				ctx := t.Context()
				// A read of another webhook reads the whole list: it holds
				// the webhooks written below, as they were before.
				if _, err := c.Webhooks.Get(ctx, ids[100]); err != nil {
					t.Fatal(err)
				}
				for i, id := range ids[:together] {
					if err := c.Webhooks.Update(ctx, id, client.WebhookInput{Name: fmt.Sprintf("hook %d", i), URL: fmt.Sprintf("https://crm.example.com/%d", i), EventType: 2}); err != nil {
						t.Fatal(err)
					}
				}
				out := client.WebhookInput{Name: "hook 0", URL: "https://crm.example.com/0", EventType: 1, Status: true}
				if rename {
					out.Name = "renamed in the portal" // not found by the filter on the old name (which matches a part)
				}
				if err := portal.Webhooks.Update(ctx, ids[0], out); err != nil {
					t.Fatal(err)
				}
				got := make([]*client.Webhook, together)
				var wg sync.WaitGroup
				for i, id := range ids[:together] {
					wg.Add(1)
					go func() {
						defer wg.Done()
						w, err := c.Webhooks.GetNamed(ctx, id, fmt.Sprintf("hook %d", i), fmt.Sprintf("https://crm.example.com/%d", i))
						if err != nil {
							t.Error(err)
						}
						got[i] = w
					}()
				}
				wg.Wait()
				if w := got[0]; w != nil && (string(w.Name) != out.Name || w.EventType.Int64() != 1 || !bool(w.Status)) {
					t.Errorf("read back %q, event_type %d, status %v; want the portal's change made after the write: %q, 1, true", w.Name, w.EventType.Int64(), bool(w.Status), out.Name)
				}
				for i, w := range got[1:] {
					if w != nil && w.EventType.Int64() != 2 {
						t.Errorf("webhook %d read back with event_type %d, want 2 (its write)", i+1, w.EventType.Int64())
					}
				}
			})
		}
	}
}

// TestWebhookNamedBatchFailureFallsBack: a batch of reads by name whose
// page of the whole list fails fails none of them for good: each is
// answered by Get (the whole list, read again), and a read after it is
// not answered from the failed call.
func TestWebhookNamedBatchFailureFallsBack(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var failing atomic.Bool
	var failed atomic.Int32
	c := taskTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/webhook/updateOrCreate") {
			time.Sleep(20 * time.Millisecond)
		}
		if strings.HasSuffix(r.URL.Path, "/webhook/lists") && r.URL.Query().Get("name") == "" && failing.CompareAndSwap(true, false) {
			failed.Add(1)
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"code":500,"message":"list failed"}`))
			return
		}
		sim.ServeHTTP(w, r)
	}))
	portal := taskTestClient(t, sim)
	ctx := t.Context()
	var ids []int64
	for i := range 4 {
		w, err := portal.Webhooks.Create(ctx, client.WebhookInput{Name: fmt.Sprintf("hook %d", i), URL: "https://crm.example.com/x"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, w.ID.Int64())
	}
	if err := c.Webhooks.Update(ctx, ids[3], client.WebhookInput{Name: "hook 3", URL: "https://crm.example.com/x"}); err != nil {
		t.Fatal(err)
	}
	failing.Store(true)
	var wg sync.WaitGroup
	for i, id := range ids[:3] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w, err := c.Webhooks.GetNamed(ctx, id, fmt.Sprintf("hook %d", i), "https://crm.example.com/x")
			if err != nil || w.ID.Int64() != id {
				t.Errorf("read %d: %+v, %v; want the webhook (the failed batch's reads fall back to the whole list)", i, w, err)
			}
		}()
	}
	wg.Wait()
	if failed.Load() != 1 {
		t.Errorf("%d failed list calls, want 1 (the batch's)", failed.Load())
	}
}

// TestWebhookNamedBatchReadsPagesAtOnce: a batch that reads the whole
// list sends the pages it is known to take at once, so that it lasts one
// answer's time, not one per page (200 webhooks edited at parallelism 10
// against an API that takes 50 ms: 11.0-11.6 s one page after the other,
// 8.1-9.3 s at once).
func TestWebhookNamedBatchReadsPagesAtOnce(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var inFlight, most atomic.Int32
	var measuring atomic.Bool
	c := taskTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/webhook/lists") && r.URL.Query().Get("name") == "" {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			// A page waits up to 2 s for another to be in flight with it
			// (the pages sent at once meet here, however slow the machine:
			// a fixed 30 ms overlap missed them on a loaded one); pages
			// read one after the other wait it out and never meet.
			for end := time.Now().Add(2 * time.Second); measuring.Load() && most.Load() < 2 && time.Now().Before(end); {
				time.Sleep(5 * time.Millisecond)
			}
		}
		sim.ServeHTTP(w, r)
	}))
	portal := taskTestClient(t, sim)
	ctx := t.Context()
	var ids []int64
	for i := range 150 { // two pages of 100
		w, err := portal.Webhooks.Create(ctx, client.WebhookInput{Name: fmt.Sprintf("hook %d", i), URL: "https://crm.example.com/x"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, w.ID.Int64())
	}
	if _, err := c.Webhooks.Get(ctx, ids[149]); err != nil { // a refresh: the list's size is known
		t.Fatal(err)
	}
	if err := c.Webhooks.Update(ctx, ids[149], client.WebhookInput{Name: "hook 149", URL: "https://crm.example.com/x"}); err != nil {
		t.Fatal(err)
	}
	most.Store(0)
	measuring.Store(true)
	var wg sync.WaitGroup
	for i, id := range ids[:4] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if w, err := c.Webhooks.GetNamed(ctx, id, fmt.Sprintf("hook %d", i), "https://crm.example.com/x"); err != nil || w.ID.Int64() != id {
				t.Errorf("read %d: %+v, %v", i, w, err)
			}
		}()
	}
	wg.Wait()
	if m := most.Load(); m != 2 {
		t.Errorf("the batch's whole-list read had at most %d pages in flight at once, want 2 (both pages at once)", m)
	}
}
