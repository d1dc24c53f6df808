package client_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// largeWebhookEnv is a simulator holding others webhooks made in the
// portal and then managed ones (the last ids: the list's last page), and
// fresh returns a new client (a provider process: generation 0) that
// counts its webhook/lists calls; fail, when set, makes the unfiltered
// list's next call fail (code 500) once.
type largeWebhookEnv struct {
	sim     *simulator.Server
	portal  *client.Client
	managed []client.Webhook
}

func newLargeWebhookEnv(t *testing.T, others, managed int) *largeWebhookEnv {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return fillLargeWebhookEnv(t, &largeWebhookEnv{sim: sim, portal: taskTestClient(t, sim)}, others, managed)
}

// fillLargeWebhookEnv makes e's webhooks through its portal.
func fillLargeWebhookEnv(t *testing.T, e *largeWebhookEnv, others, managed int) *largeWebhookEnv {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, others)
	next := atomic.Int32{}
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < others; i = int(next.Add(1)) - 1 {
				if _, err := e.portal.Webhooks.Create(t.Context(), client.WebhookInput{Name: fmt.Sprintf("bulk-%d", i), URL: fmt.Sprintf("https://bulk.example.com/%d", i), EventType: 1}); err != nil {
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
	for i := range managed {
		w, err := e.portal.Webhooks.Create(t.Context(), client.WebhookInput{Name: fmt.Sprintf("hook-%03d", i), URL: fmt.Sprintf("https://crm.example.com/a/%03d", i), EventType: 1})
		if err != nil {
			t.Fatal(err)
		}
		e.managed = append(e.managed, *w)
	}
	return e
}

func (e *largeWebhookEnv) fresh(t *testing.T) (c *client.Client, lists *atomic.Int32, fail *atomic.Bool) {
	lists, fail = &atomic.Int32{}, &atomic.Bool{}
	c = taskTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/webhook/lists") {
			lists.Add(1)
			if r.URL.Query().Get("name") == "" && fail.CompareAndSwap(true, false) {
				w.WriteHeader(http.StatusInternalServerError)
				_, _ = w.Write([]byte(`{"code":500,"message":"list failed"}`))
				return
			}
		}
		e.sim.ServeHTTP(w, r)
	}))
	return c, lists, fail
}

// readNamed reads these webhooks at once by the name and url given (a
// refresh at Terraform's parallelism: GetNamed as the resource's read
// does), ten at a time, and returns what each read answered.
func readNamed(t *testing.T, c *client.Client, ws []client.Webhook) ([]*client.Webhook, []error) {
	got, errs := make([]*client.Webhook, len(ws)), make([]error, len(ws))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 10)
	for i, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			got[i], errs[i] = c.Webhooks.GetNamed(t.Context(), w.ID.Int64(), string(w.Name), string(w.URL))
		}()
	}
	wg.Wait()
	return got, errs
}

// A refresh of 5 webhooks among 1,005 (11 pages of 100) read the whole
// list, every page, and an apply's reads before its writes (a new
// process, which has not written yet) read it whole again: 11 + 11 + 5
// read-backs. Page 1 now tells the size, and 5 reads cost less filtered:
// 1 + 5 for each walk's first reads.
func TestWebhookRefreshFewAmongMany(t *testing.T) {
	t.Parallel()
	e := newLargeWebhookEnv(t, 1000, 5)

	c, lists, _ := e.fresh(t) // the plan's refresh
	got, errs := readNamed(t, c, e.managed)
	for i, w := range e.managed {
		if errs[i] != nil || got[i].ID != w.ID || got[i].Name != w.Name {
			t.Fatalf("refresh of %s: %+v, %v", w.Name, got[i], errs[i])
		}
	}
	t.Logf("refresh: %d webhook/lists calls", lists.Load())
	if n := lists.Load(); n > 6 {
		t.Errorf("a refresh of 5 webhooks among 1,005 made %d webhook/lists calls, want at most 6 (page 1, then one filtered call each; the whole list is 11 pages)", n)
	}

	c, lists, _ = e.fresh(t) // the apply: held values, writes, reads back
	var wg sync.WaitGroup
	for _, w := range e.managed {
		wg.Add(1)
		go func() {
			defer wg.Done()
			held, err := c.Webhooks.GetNamed(t.Context(), w.ID.Int64(), string(w.Name), string(w.URL))
			if err != nil || held.ID != w.ID {
				t.Errorf("held values of %s: %+v, %v", w.Name, held, err)
				return
			}
			in := client.WebhookInput{Name: string(held.Name), URL: string(held.URL) + "b", EventType: 2}
			if err := c.Webhooks.Update(t.Context(), w.ID.Int64(), in); err != nil {
				t.Error(err)
				return
			}
			back, err := c.Webhooks.GetNamed(t.Context(), w.ID.Int64(), in.Name, in.URL)
			if err != nil || string(back.URL) != in.URL || back.EventType != 2 {
				t.Errorf("read back of %s: %+v, %v; want its write", w.Name, back, err)
			}
		}()
	}
	wg.Wait()
	t.Logf("edit: %d webhook/lists calls", lists.Load())
	if n := lists.Load(); n > 11 {
		t.Errorf("an edit of 5 webhooks among 1,005 made %d webhook/lists calls, want at most 11 (page 1 and 5 filtered reads before the writes, 5 read backs)", n)
	}
}

// A refresh of most of a list costs its pages (200 managed among 200: 2),
// and one of many among many at most about twice the pages, whatever the
// batches (ski rental: the filtered calls made count toward the whole
// list). Every read answers the webhook as it is, and a second read of
// one calls again.
func TestWebhookRefreshManyAmongMany(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ others, managed, max int }{{0, 200, 2}, {1000, 200, 2*12 + 1}} {
		t.Run(fmt.Sprintf("%d among %d", tc.managed, tc.others+tc.managed), func(t *testing.T) {
			t.Parallel()
			e := newLargeWebhookEnv(t, tc.others, tc.managed)
			c, lists, _ := e.fresh(t)
			got, errs := readNamed(t, c, e.managed)
			for i, w := range e.managed {
				if errs[i] != nil || got[i].ID != w.ID || got[i].Name != w.Name {
					t.Fatalf("refresh of %s: %+v, %v", w.Name, got[i], errs[i])
				}
			}
			t.Logf("refresh: %d webhook/lists calls", lists.Load())
			if n := lists.Load(); int(n) > tc.max {
				t.Errorf("a refresh of %d webhooks among %d made %d webhook/lists calls, want at most %d", tc.managed, tc.others+tc.managed, n, tc.max)
			}
			// A second read of a webhook (a poll) calls again: what the
			// first read kept does not answer it.
			for _, w := range []client.Webhook{e.managed[0], e.managed[150]} {
				if err := e.portal.Webhooks.Update(t.Context(), w.ID.Int64(), client.WebhookInput{Name: string(w.Name), URL: string(w.URL), EventType: 2}); err != nil {
					t.Fatal(err)
				}
				got, err := c.Webhooks.GetNamed(t.Context(), w.ID.Int64(), string(w.Name), string(w.URL))
				if err != nil || got.EventType != 2 {
					t.Errorf("read again after a change in the portal: %+v, %v; want event_type 2", got, err)
				}
			}
		})
	}
}

// Between two plans a webhook is renamed in the portal and another
// deleted: the refresh's read by the state's name misses both, and the
// whole list tells them apart (renamed: read as the portal left it; gone:
// not found). A page 1 that fails fails no read: the whole list answers.
func TestWebhookRefreshByNameSeesDrift(t *testing.T) {
	t.Parallel()
	e := newLargeWebhookEnv(t, 300, 5)
	ren, del := e.managed[1], e.managed[3]
	if err := e.portal.Webhooks.Update(t.Context(), ren.ID.Int64(), client.WebhookInput{Name: "renamed in the portal", URL: string(ren.URL), EventType: 1}); err != nil {
		t.Fatal(err)
	}
	if err := e.portal.Webhooks.Delete(t.Context(), del.ID.Int64()); err != nil {
		t.Fatal(err)
	}
	for _, failing := range []bool{false, true} {
		c, _, fail := e.fresh(t)
		fail.Store(failing)
		got, errs := readNamed(t, c, e.managed)
		for i, w := range e.managed {
			switch {
			case w.ID == del.ID:
				if !client.IsNotFound(errs[i]) {
					t.Errorf("failing page 1 %v: deleted in the portal: %+v, %v; want not found", failing, got[i], errs[i])
				}
			case errs[i] != nil:
				t.Errorf("failing page 1 %v: %s: %v", failing, w.Name, errs[i])
			case w.ID == ren.ID && got[i].Name != "renamed in the portal":
				t.Errorf("failing page 1 %v: renamed in the portal: read %q, want the portal's name", failing, got[i].Name)
			case got[i].ID != w.ID:
				t.Errorf("failing page 1 %v: %s read as %+v", failing, w.Name, got[i])
			}
		}
		if failing && fail.Load() {
			t.Errorf("no unfiltered list call was made to fail")
		}
	}
}

// A webhook whose read came after a batch had read the whole list was
// answered from what that batch kept (Get, no call), and the reads by name
// did not count it as answered: its next read (a poll, or the read after
// an edit made in the portal) was answered from the page 1 they kept for
// the generation's later batches, as it was before the edit. Seen as a
// flaky TestWebhookRefreshManyAmongMany (200 among 200), when one of page
// 1's reads came after the first batch. It calls again.
func TestWebhookSecondReadAfterKeptAnswerCallsAgain(t *testing.T) {
	t.Parallel()
	e := newLargeWebhookEnv(t, 0, 200) // pages of 100: managed[0] on page 1, managed[150] on page 2
	c, lists, _ := e.fresh(t)
	read := func(w client.Webhook) *client.Webhook {
		t.Helper()
		got, err := c.Webhooks.GetNamed(t.Context(), w.ID.Int64(), string(w.Name), string(w.URL))
		if err != nil || got.ID != w.ID {
			t.Fatalf("read of %s: %+v, %v", w.Name, got, err)
		}
		return got
	}
	read(e.managed[150]) // page 1, then the whole list, kept
	before := lists.Load()
	read(e.managed[0])
	if n := lists.Load() - before; n != 0 {
		t.Fatalf("the read of %s after the whole list was read made %d webhook/lists calls, want 0 (what was kept answers it)", e.managed[0].Name, n)
	}
	w := e.managed[0]
	if err := e.portal.Webhooks.Update(t.Context(), w.ID.Int64(), client.WebhookInput{Name: string(w.Name), URL: string(w.URL), EventType: 2}); err != nil {
		t.Fatal(err)
	}
	if got := read(w); got.EventType != 2 {
		t.Errorf("read again after a change in the portal: event_type %d, want 2 (the page 1 kept from before the change answered it)", got.EventType)
	}
}
