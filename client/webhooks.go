package client

import (
	"context"
	"iter"
	"maps"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
)

// WebhooksService wraps webhooks (spec §4.4, {autocall_url}/api/v3/webhook/...).
type WebhooksService struct {
	c      *Client
	finder *finder[Webhook]
	// listShare shares the data sources' lists (ListShared).
	listShare listShare[Webhook]
	// named serves GetNamed after a write (see byNames), with the name and
	// url each read knows (hints, by id).
	named   *finder[Webhook]
	hintsMu sync.Mutex
	hints   map[string]WebhookFilter
	// listPages is how many pages the unfiltered list took when last read (0:
	// not read yet).
	listPages atomic.Int64
	// spent counts the filtered calls of byNames in generation spentGen,
	// first is the page 1 it read then, and answered holds the ids it
	// answered then (page 1 and a read of the whole list kept for Get
	// answer none of them again: a second read of a webhook calls again).
	// See byNames and current.
	spentMu  sync.Mutex
	spentGen uint64
	spent    int
	first    *webhookPage1
	answered map[string]bool
	// inFlight bounds the calls of byNames that go out at once (see
	// webhookCallsAtOnce).
	inFlight chan struct{}
}

// webhookCallsAtOnce is how many of byNames' calls (pages of the whole
// list, filtered calls) are in flight at once, over all its batches. All
// at once, a batch of 200 among 2,400 sent 23 pages into a rate limit of
// 20 requests a second: about 20 were refused (HTTP 429) before the first
// refusal slowed the client's pacer, and each was sent again after its
// Retry-After (at least 1 s). With 8, at most about 8 are refused, and
// against an API that takes 50 ms the 23 pages take 3 round trips where
// one after the other took 23.
const webhookCallsAtOnce = 8

// slot waits for one of the calls byNames may have in flight; done gives
// it back.
func (s *WebhooksService) slot(ctx context.Context) (done func(), err error) {
	select {
	case s.inFlight <- struct{}{}:
		return func() { <-s.inFlight }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func newWebhooksService(c *Client) *WebhooksService {
	s := &WebhooksService{c: c, inFlight: make(chan struct{}, webhookCallsAtOnce)}
	s.finder = newFinder(c, func(w Webhook) string { return strconv.FormatInt(int64(w.ID), 10) })
	s.finder.all = func(ctx context.Context) ([]Webhook, bool, bool, error) {
		items, _, complete, oneCall, err := s.finder.allUntil(ctx, untilPoint[Webhook]{}, func([]Webhook) bool { return false })
		return items, complete, oneCall, err
	}
	// A get by id (an import names a webhook by its id alone) reads the
	// pages up to the one holding it (finder_until.go).
	s.finder.allUntil = s.until
	s.named = newFinder(c, s.finder.key)
	s.named.maxIDs = 1 << 20 // one batch, one byNames
	s.named.byIDs = s.byNames
	s.hints = map[string]WebhookFilter{}
	return s
}

const webhookPath = "/api/v3/webhook"

// webhooksPerPage is the page size the client asks for; §8 gives only the
// default (15), the simulator caps per_page at 100.
const webhooksPerPage = 100

// Webhook event types (§2.8).
const (
	WebhookEventHangup  int64 = 1
	WebhookEventPreCall int64 = 2
)

// Webhook is a webhook record (§2.8).
type Webhook struct {
	ID              FlexInt    `json:"id"`
	VccID           FlexInt    `json:"vcc_id"`
	Name            FlexString `json:"name"`
	URL             FlexString `json:"url"`
	Status          FlexBool   `json:"status"`
	DeptID          FlexInt    `json:"dept_id"`
	DeptName        FlexString `json:"dept_name"`
	EventType       FlexInt    `json:"event_type"`
	IsEncrypt       FlexBool   `json:"is_encrypt"`
	CreatedAt       FlexString `json:"created_at"`
	UpdatedAt       FlexString `json:"updated_at"`
	CreatedUserName FlexString `json:"created_user_name"`
	UpdatedUserName FlexString `json:"updated_user_name"`
	CreatedUserID   FlexInt    `json:"created_user_id"`
	UpdatedUserID   FlexInt    `json:"updated_user_id"`
}

// WebhookInput holds the updateOrCreate parameters of §4.4. Every field is
// sent, so an update is a full replacement.
type WebhookInput struct {
	DeptID    int64  `json:"dept_id"`
	Name      string `json:"name"`
	URL       string `json:"url"`
	Status    bool   `json:"status"`
	IsEncrypt bool   `json:"is_encrypt"`
	EventType int64  `json:"event_type"`
}

// WebhookFilter narrows webhook/lists.
type WebhookFilter struct {
	Name string
	URL  string
}

// Create adds a webhook and returns its id. After an ambiguous failure it
// looks for a webhook with the same name and url before sending again.
// Names are not unique (§2.8): a webhook of that name and url that existed
// before is never taken for the one created (newMatch).
func (s *WebhooksService) Create(ctx context.Context, in WebhookInput) (*Webhook, error) {
	var out struct {
		Data Webhook `json:"data"`
	}
	unlock, err := s.c.lockCreate(ctx, "webhook", in.Name, in.URL)
	if err != nil {
		return nil, err
	}
	defer unlock()
	find, err := newMatch(ctx, s.c, "webhook", func(ctx context.Context) iter.Seq2[Webhook, error] {
		return s.List(ctx, WebhookFilter{Name: in.Name, URL: in.URL})
	}, func(w Webhook) bool { return string(w.Name) == in.Name && string(w.URL) == in.URL },
		s.finder.key)
	if err != nil {
		return nil, err
	}
	err = s.c.createOnce(ctx, Request{
		Surface: SurfaceAutocall, Method: "POST", Path: webhookPath + "/updateOrCreate", Body: in,
	}, &out, func(ctx context.Context) (bool, error) {
		w, err := find(ctx)
		if w != nil {
			out.Data = *w
		}
		return w != nil, err
	}, func() bool { return out.Data.ID != 0 })
	if err != nil {
		return nil, err
	}
	if err := s.c.claim("webhook", strconv.FormatInt(int64(out.Data.ID), 10)); err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Update replaces a webhook's fields (updateOrCreate with id).
func (s *WebhooksService) Update(ctx context.Context, id int64, in WebhookInput) error {
	body := struct {
		ID int64 `json:"id"`
		WebhookInput
	}{id, in}
	return s.c.Do(ctx, Request{
		Surface: SurfaceAutocall, Method: "POST", Path: webhookPath + "/updateOrCreate", Body: body,
		Idempotent: true, NotFoundCodes: []int64{404},
	}, nil)
}

// Delete removes a webhook (webhook/delete, GET with id in the query). A
// webhook that is gone satisfies IsNotFound, whatever code refused the
// call (see goneUnlessListed).
func (s *WebhooksService) Delete(ctx context.Context, id int64) error {
	err := s.c.Do(ctx, Request{
		Surface: SurfaceAutocall, Method: "GET", Path: webhookPath + "/delete",
		Query: url.Values{"id": {strconv.FormatInt(id, 10)}}, BodyKind: BodyNone,
		Idempotent: true, NotFoundCodes: []int64{404},
	}, nil)
	return goneUnlessListed(ctx, err, present(func(ctx context.Context) (*Webhook, error) { return s.Get(ctx, id) }))
}

// List pages through webhook/lists.
func (s *WebhooksService) List(ctx context.Context, f WebhookFilter) iter.Seq2[Webhook, error] {
	return paginateWhole(ctx, "webhook list (webhook/lists)", s.finder.key, func(ctx context.Context, page int) (Page[Webhook], error) {
		p, err := s.page(ctx, f, page)
		return Page[Webhook]{Items: p.Results, More: p.More(), Total: p.Total.Int64(), Current: p.CurrentPage.Int64()}, err
	})
}

// until reads the unfiltered list from page from.next (page 1 when 0),
// and stops after a page that more follow when enough says so: stop is
// where it would go on (finder.allUntil).
func (s *WebhooksService) until(ctx context.Context, from untilPoint[Webhook], enough func([]Webhook) bool) (items []Webhook, stop untilPoint[Webhook], complete, oneCall bool, err error) {
	pages, stopped := 0, false
	err = s.pagesFrom(ctx, WebhookFilter{}, from, func(p ResultsPage[Webhook], page int) bool {
		items = append(items, p.Results...)
		pages++
		if stopped = p.More() && len(p.Results) > 0 && enough(p.Results); stopped {
			stop = untilPoint[Webhook]{next: page + 1, before: p.Results, total: p.Total.Int64()}
		}
		return !stopped
	})
	return items, stop, err == nil && !stopped, from.next <= 1 && pages == 1 && !stopped, err
}

// pagesFrom calls each with every page of webhook/lists in turn, from page
// from.next (1 when 0), whose page before, when not 1, was from.before of
// from.total items, until each returns false.
func (s *WebhooksService) pagesFrom(ctx context.Context, f WebhookFilter, from untilPoint[Webhook], each func(ResultsPage[Webhook], int) bool) error {
	pc := pageCheck[Webhook]{what: "webhook list (webhook/lists)", before: from.before, total: from.total}
	for page := max(from.next, 1); ; page++ {
		p, err := s.page(ctx, f, page)
		if err == nil {
			err = pc.check(page, p.CurrentPage.Int64(), p.Total.Int64(), p.Results, p.More())
		}
		if err != nil {
			return err
		}
		if !each(p, page) || !p.More() || len(p.Results) == 0 {
			return nil
		}
	}
}

func (s *WebhooksService) page(ctx context.Context, f WebhookFilter, page int) (ResultsPage[Webhook], error) {
	q := url.Values{"current_page": {strconv.Itoa(page)}, "per_page": {strconv.Itoa(webhooksPerPage)}}
	if f.Name != "" {
		q.Set("name", f.Name)
	}
	if f.URL != "" {
		q.Set("url", f.URL)
	}
	var out struct {
		Data ResultsPage[Webhook] `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfaceAutocall, Method: "GET", Path: webhookPath + "/lists",
		Query: q, BodyKind: BodyNone, Idempotent: true, Read: true,
	}, &out)
	if err == nil && f == (WebhookFilter{}) {
		s.listPages.Store(max(out.Data.Pages(), (out.Data.Total.Int64()+webhooksPerPage-1)/webhooksPerPage))
	}
	return out.Data, err
}

// GetNamed is Get for a read that knows the name and url the webhook was
// last written with, or held when last read: a refresh, an edit's read of
// the values the platform holds before it writes, a read back after a
// create or an edit. webhook/lists has no id filter (§4.4): Get reads the
// whole list, every page of it, which in a contact center of 2,000
// webhooks costs 21 calls for a refresh of the 5 that Terraform manages,
// and 21 again for the reads of an apply that edits them. These reads are
// batched as reads by ids are (finder: the reads arriving together, and the
// read-backs of the writes in flight, finderHold), and byNames decides how
// a batch reaches them, by the rule written there. A read that a read of
// the whole list in this generation answers (kept, or in flight) is Get's.
// A webhook the batch does not find (renamed in the portal since, gone),
// or a batch that fails, is answered by Get: a miss by name is never taken
// for gone.
func (s *WebhooksService) GetNamed(ctx context.Context, id int64, name, url string) (*Webhook, error) {
	key := strconv.FormatInt(id, 10)
	gen := s.c.gen.Load()
	if name == "" || s.finder.cached(ctx, key, gen) {
		return s.gotByID(ctx, gen, id)
	}
	s.hintsMu.Lock()
	s.hints[key] = WebhookFilter{Name: name, URL: url}
	s.hintsMu.Unlock()
	w, err := s.named.get(ctx, key, "webhook")
	if err == nil {
		return w, nil
	}
	if OutOfTime(ctx, err) && !IsNotFound(err) {
		return nil, err
	}
	// A miss, also one of a read whose context has ended: Get says
	// whether the webhook is gone. Returned as it was, a miss with Ctrl-C
	// pressed said "not found" of a webhook that is there, and the
	// interrupted edit said it had been deleted since the plan.
	return s.gotByID(ctx, gen, id)
}

// gotByID is Get for GetNamed, whose answer counts as one byNames gave in
// generation gen (answer): the page 1 byNames keeps for the generation's
// later batches answers no second read of it (a poll, or the read after an
// edit in the portal), which calls again. Answered by what a whole read
// kept, it was not counted, and its next read was answered from page 1 as
// it was before the edit.
func (s *WebhooksService) gotByID(ctx context.Context, gen uint64, id int64) (*Webhook, error) {
	w, err := s.Get(ctx, id)
	if err == nil {
		s.answer(gen, []Webhook{*w})
	}
	return w, err
}

// byNames reads the webhooks of these ids for GetNamed (a batch), by this
// rule:
//
//   - An id a read of the whole list in this generation answers (Get's
//     finder: kept and not served yet, or in flight) is left to it: no call.
//   - The first page of the whole list tells its size (pages). When it is
//     not known yet, the batch reads page 1 (before any write of the
//     client, whatever the batch's size: a refresh's first reads learn it
//     for the walk; after one, when the batch has two ids or more, else one
//     filtered call costs less). Page 1 serves the batch's ids it holds, and
//     the ids of later batches of the same generation that it holds (each
//     once), and begins a later read of the whole list in that generation.
//   - Ski rental: the ids left are read with the whole list when the pages
//     still to read are at most these ids plus the filtered calls made
//     already in this generation, else with one call of the list filtered
//     by name and url each (§4.4). A refresh of most of a list costs its
//     pages (200 managed among 200: 2 calls), one of a few among many
//     costs page 1 and a call each (5 among 2,000: 6 calls where 21 were
//     made), and none costs more than about twice the pages, whatever the
//     batches (200 among 2,000: at most 21 filtered calls, then 21 pages).
//   - A read of the whole list is kept for Get (finder.record), stamped
//     when its first page was asked: it answers the reads that come after
//     it in the same generation, as Get's own read does.
//
// The calls of a batch go out at once (the pages the list is known to take,
// the filtered calls), at most webhookCallsAtOnce in flight: one after the other, the two pages of 200 webhooks
// made an apply that edits them at parallelism 10 half as slow again
// against an API that takes 50 ms. An id it does not find (renamed since,
// gone, or a page shifted by a delete) is left out, and GetNamed asks Get:
// a miss here is never taken for gone. A filtered call that fails leaves
// its id out too (a platform that refuses the filter's values); a page of
// the whole list that fails fails the batch (GetNamed then asks Get, which
// reads it again).
func (s *WebhooksService) byNames(ctx context.Context, ids []string) ([]Webhook, error) {
	began := s.finder.begin()
	left := make(map[string]bool, len(ids))
	for _, id := range ids {
		if !s.finder.cached(ctx, id, began.gen) {
			left[id] = true
		}
	}
	if len(left) == 0 {
		return nil, nil
	}
	spent, first := s.spending(began.gen, left)
	var out []Webhook
	take := func(ws []Webhook) {
		for _, w := range ws {
			if k := s.finder.key(w); left[k] {
				out = append(out, w)
				delete(left, k)
			}
		}
	}
	pages := int(s.listPages.Load())
	if first == nil && pages == 0 && (began.gen == 0 || len(left) >= 2) {
		p, err := s.page(ctx, WebhookFilter{}, 1)
		if err == nil {
			err = (&pageCheck[Webhook]{what: "webhook list (webhook/lists)"}).check(1, p.CurrentPage.Int64(), p.Total.Int64(), p.Results, p.More())
		}
		if err != nil {
			return nil, err
		}
		first = &webhookPage1{page: p, at: began}
		s.keepFirst(first)
		pages = int(s.listPages.Load())
	}
	if first != nil {
		take(first.page.Results)
		answered := s.answer(began.gen, out)
		if !first.page.More() || len(first.page.Results) == 0 {
			s.finder.record(first.at, first.page.Results, true, answered)
			return out, nil
		}
	}
	if len(left) == 0 {
		return out, nil // page 1 answered them all (answer above)
	}
	rest := pages
	if first != nil {
		rest--
	}
	if pages > 0 && len(left)+spent >= rest {
		all, err := s.whole(ctx, first, pages)
		if err != nil {
			return nil, err
		}
		at := began
		if first != nil {
			at = first.at
		}
		take(all)
		s.finder.record(at, all, false, s.answer(began.gen, out))
		return out, nil
	}
	s.spend(began.gen, len(left))
	var mu sync.Mutex
	var wg sync.WaitGroup
	var outOfTime error
	for _, id := range ids {
		if !left[id] {
			continue
		}
		s.hintsMu.Lock()
		f := s.hints[id]
		s.hintsMu.Unlock()
		wg.Add(1)
		go func() {
			defer wg.Done()
			done, err := s.slot(ctx)
			if err != nil {
				mu.Lock()
				outOfTime = err
				mu.Unlock()
				return
			}
			defer done()
			for w, err := range s.List(ctx, f) {
				if err != nil {
					if OutOfTime(ctx, err) {
						mu.Lock()
						outOfTime = err
						mu.Unlock()
					}
					break // a platform that refuses the filter's values: Get answers
				}
				if s.finder.key(w) == id {
					mu.Lock()
					out = append(out, w)
					mu.Unlock()
					break
				}
			}
		}()
	}
	wg.Wait()
	if outOfTime != nil {
		return nil, outOfTime
	}
	s.answer(began.gen, out)
	return out, nil
}

// webhookPage1 is page 1 of the whole list as a batch of byNames read it, at
// stamp at.
type webhookPage1 struct {
	page ResultsPage[Webhook]
	at   stamp
}

// current tells whether gen is the generation byNames' accounting (spent,
// first, answered) is for, beginning it when gen is newer. A batch that
// began before a write and ends after it (gen older) changes nothing of the
// newer generation's accounting: what it read answers no read of that
// generation, and resetting it lost the ids answered there, so that a
// second read of one could be served from a whole read without a call.
// s.spentMu is held.
func (s *WebhooksService) current(gen uint64) bool {
	if gen > s.spentGen || s.answered == nil {
		s.spentGen, s.spent, s.first, s.answered = gen, 0, nil, map[string]bool{}
	}
	return gen == s.spentGen
}

// spending returns the filtered calls byNames made in generation gen, and
// the page 1 read in it that may serve the ids of left (none of them
// answered in it already: a second read of an object calls again).
func (s *WebhooksService) spending(gen uint64, left map[string]bool) (int, *webhookPage1) {
	s.spentMu.Lock()
	defer s.spentMu.Unlock()
	if !s.current(gen) {
		return 0, nil
	}
	first := s.first
	if first != nil && s.c.cfg.Now().Sub(first.at.at) >= finderTTL {
		first = nil
	}
	for id := range left {
		if s.answered[id] {
			first = nil
		}
	}
	return s.spent, first
}

// keepFirst keeps page 1 for the later batches of its generation.
func (s *WebhooksService) keepFirst(first *webhookPage1) {
	s.spentMu.Lock()
	defer s.spentMu.Unlock()
	if s.current(first.at.gen) {
		s.first = first
	}
}

// spend counts n filtered calls made in generation gen.
func (s *WebhooksService) spend(gen uint64, n int) {
	s.spentMu.Lock()
	defer s.spentMu.Unlock()
	if s.current(gen) {
		s.spent += n
	}
}

// answer records that byNames answered these webhooks in generation gen,
// and returns every id it answered in it (a copy; of an older generation,
// these webhooks' ids alone).
func (s *WebhooksService) answer(gen uint64, ws []Webhook) map[string]bool {
	s.spentMu.Lock()
	defer s.spentMu.Unlock()
	answered := map[string]bool{}
	if s.current(gen) {
		answered = s.answered
	}
	for _, w := range ws {
		answered[s.finder.key(w)] = true
	}
	return maps.Clone(answered)
}

// whole reads the whole unfiltered list, known to take pages pages, after
// first (page 1, nil when not read): the pages left go out at once, and the
// pages past them, when the list grew meanwhile, one after the other.
func (s *WebhooksService) whole(ctx context.Context, first *webhookPage1, pages int) ([]Webhook, error) {
	pc := pageCheck[Webhook]{what: "webhook list (webhook/lists)"}
	var items []Webhook
	next := 1
	if first != nil {
		p := first.page
		if err := pc.check(1, p.CurrentPage.Int64(), p.Total.Int64(), p.Results, p.More()); err != nil {
			return nil, err
		}
		items, next = append(items, p.Results...), 2
	}
	for {
		last := max(pages, next)
		ps, err := s.pagesAt(ctx, next, last)
		if err != nil {
			return nil, err
		}
		for i, p := range ps {
			if err := pc.check(next+i, p.CurrentPage.Int64(), p.Total.Int64(), p.Results, p.More()); err != nil {
				return nil, err
			}
			items = append(items, p.Results...)
			if !p.More() || len(p.Results) == 0 {
				return items, nil
			}
		}
		next, pages = last+1, last+1
	}
}

// pagesAt reads pages from to to of the unfiltered list at once (at most
// webhookCallsAtOnce in flight); the error
// is the first page's in order that failed.
func (s *WebhooksService) pagesAt(ctx context.Context, from, to int) ([]ResultsPage[Webhook], error) {
	ps := make([]ResultsPage[Webhook], to-from+1)
	errs := make([]error, len(ps))
	var wg sync.WaitGroup
	for i := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			done, err := s.slot(ctx)
			if err != nil {
				errs[i] = err
				return
			}
			defer done()
			ps[i], errs[i] = s.page(ctx, WebhookFilter{}, from+i)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return ps, nil
}

// Get finds one webhook by id. webhook/lists has no id filter (§4.4), so
// the finder reads the whole list once for every webhook read at the same
// time (see finder); the error satisfies IsNotFound when it is gone.
func (s *WebhooksService) Get(ctx context.Context, id int64) (*Webhook, error) {
	return s.finder.get(ctx, strconv.FormatInt(id, 10), "webhook")
}
