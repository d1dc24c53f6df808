package client

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strconv"
	"sync"
	"time"
)

// Finders batch (DESIGN §3). The finders of a kind (Agents.Get,
// Queues.Get, Queues.GetAgents for one group, Webhooks.Get, Sounds.Get,
// SMS.GetSignature, SMS.GetTemplate, Gateway.GetTemplate,
// Gateway.GetSignature) share one finder per client, which serves reads
// that arrive together with one list call. The rule:
//
//   - Kinds whose only read is the whole list (webhooks, sounds, SMS
//     signatures; skill groups, whose list answers every group at once)
//     read the whole list once for all the readers waiting at that moment.
//     Webhooks, a few of which may be managed among thousands, are read
//     by the name and url the reader knows where that costs fewer calls
//     than the list's pages (WebhooksService.byNames, its rule); what
//     they read whole serves the finder's reads (record). A webhook read
//     by id alone (an import) reads the list up to the page holding every
//     id waiting, and a later read goes on from there (allUntil,
//     client/finder_until.go).
//   - Kinds with an id filter (agents: users/list user_ids, 500 a call;
//     SMS templates: template/list ids; group memberships: get/agents
//     que_ids; gateway templates and signatures: tplId/signId arrays) read
//     their first object of a client that has not written yet by
//     prefetching the collection when it is small (at most a few pages:
//     a refresh reads most of it); past that, and after any write, ids
//     are batched: the first waits finderWindow for others (and for the
//     writes of the client in flight then, whose read-backs join it: at
//     most finderHold, client/finder_hold.go), at most one
//     call of a kind is in flight, and ids that arrive meanwhile go out
//     together in the next call. Terraform's parallelism of 10 keeps
//     those batches small, so a kind whose prefetch learned that the
//     collection takes N pages reads the whole collection, page by page,
//     once N id calls have gone out in the same generation: a refresh of
//     few objects of a large collection stays by ids, and one of most of
//     it costs about twice the pages (a plan of 5,000 agents: 2,819
//     users/list calls before, 26 now).
//   - What a call returned serves later reads of the same client, one read
//     per object (a second read of the same object, such as a poll waiting
//     for a review, calls again; a read for a reader, getFor, is one of
//     that reader's: a group's membership serves each of its member
//     resources once), for at most finderTTL and only until the
//     next write: every request through the client that is not a read
//     bumps a generation counter when it returns (whether it failed or
//     not), and an answer is kept with the generation current when its
//     call began, so a write invalidates every kind (including the ones it
//     touched indirectly, such as an agent's groups) and a read after a
//     write never sees data fetched before it.
//     The provider builds a client per ConfigureProvider, that is per
//     Terraform walk, so nothing read in one plan serves the next one.
//     Writes by other processes (another provider block, a provisioner, a
//     person) end nothing: a data source read in an apply after them reads
//     through FreshReads.
//   - An id missing from an answer that came in one response is gone. One
//     missing from a collection read over several pages (which an object
//     deleted meanwhile can shift) is confirmed by id, or for a list-only
//     kind by reading the list again until a read holds every object of
//     the one before (holdsAll; objects created meanwhile may be added),
//     at most missReads reads: past that the read fails, and nothing is
//     taken for gone.
//   - A failing call fails exactly the reads it served, with the API's
//     error; nothing of it is kept, and the next read calls again.
//   - Data sources over one list (IVRs, busy reasons, the trunk numbers of
//     an area code, the agents or skill groups of one filter, the SMS
//     signatures, SMS templates, webhooks or outbound tasks of one API
//     filter, projects/all of a type, the voice files of a keyword, the
//     gateway's whole template or signature list, the number selection,
//     the bindings of a virtual number: client/shared_list.go) share its
//     reads within the client, that is the walk, by the same terms: the
//     reads that arrive together (within finderWindow of the first) are
//     one call, a read arriving while it is in flight waits for the next
//     one, queued to begin when it lands and shared by every reader
//     arriving meanwhile; in a plan that refreshes
//     (Refreshing), a read is answered by the last call of the current
//     generation that succeeded, begun less than finderTTL ago, so N data
//     sources over one list in such a plan read it once. Outside one (a
//     plan with nothing to refresh, an apply's data source after
//     depends_on, which the provider cannot tell apart) a read is never
//     answered by a call begun before it (FreshReads): N data sources
//     read the list about N/10 times at Terraform's parallelism of 10.
//     Every write ends what was read before it; a failed call fails the
//     reads it served and is not kept. A provider process that serves
//     several commands (`terraform test` with a provider block, Terraform
//     1.13 and later), once a refresh after its writes shows it, reads
//     for data sources as outside a plan that refreshes, in every walk:
//     a later run's plan begins without a call that tells the provider,
//     and a list read in the run before it would serve it. Only the same
//     list (the same filter the API is given) is shared; call and send
//     records, read by a time range each and possibly large, are not.
//   - Outbound tasks have no finder[T]: projects/detail takes one id, and
//     projects/lists and projects/all leave out what a task's read needs
//     (config, recall_strategies, worktime, assigned_users: §4.3 gives
//     them to detail only), so a refresh of N tasks is N detail calls and
//     nothing batches. Within a walk, one detail answer serves one read of
//     each reader (TasksService.GetFor, client/finder_tasks.go): the
//     resource's read and the open task's check a plan makes before
//     deleting a task, whichever comes first, under the terms above (the
//     call began in the current generation, less than finderTTL ago).
//     TasksService.Get always calls (an apply's edit reads what the
//     platform holds now), and a read that fails ends the answer before it.
type finder[T any] struct {
	c   *Client
	key func(T) string
	// byIDs reads these ids in one call (nil when the kind has no id
	// filter); maxIDs bounds the ids of one call.
	byIDs  func(ctx context.Context, ids []string) ([]T, error)
	maxIDs int
	// all reads the collection: complete is false when it stopped early
	// (too large to prefetch), oneCall is true when one answer held it
	// all. Nil when the kind is only read by ids.
	all func(ctx context.Context) (items []T, complete, oneCall bool, err error)
	// allWhole, for a paged kind with an id filter, reads the whole
	// collection whatever its size: once idCalls reach pages in a
	// generation (see wholeDue). Nil: never.
	allWhole func(ctx context.Context) (items []T, complete, oneCall bool, err error)
	// allUntil, for a kind whose only read is the list, is all that stops
	// after a page for which enough says so (client/finder_until.go). Nil:
	// collection reads use all.
	allUntil func(ctx context.Context, from untilPoint[T], enough func(page []T) bool) (items []T, stop untilPoint[T], complete, oneCall bool, err error)

	mu         sync.Mutex
	entries    map[string]entry[T]
	looked     map[string]stamp // lookups a collection read answered (see lookup)
	whole      *stamp           // a complete collection read: an id without entry is gone...
	wholeRead  *flight[T]       // ...when this read was conclusive, else to be confirmed
	wholeUsed  bool             // the whole read has served a list (see snapshot)
	coll       *flight[T]       // collection read in flight
	next       *flight[T]       // collection read to begin when coll lands (nextCollection)
	pending    *flight[T]       // id batch being collected
	busy       bool             // an id call is in flight
	prefetched time.Time        // when a collection read last began
	// pages is how many calls the whole collection takes, as the first
	// page of a prefetch that stopped there said (0: not known); idCalls
	// counts the id calls made in generation idGen since the last whole
	// read began.
	pages   int
	idCalls int
	idGen   uint64
	// partial is the last collection read, landed, that stopped before
	// the end (finder_until.go): a get of an id it lacks goes on from it.
	partial *flight[T]
	// seenWhole is set once seen has read the whole collection.
	seenWhole bool
	// seenGen is 1 + the generation after writes in which seen read the
	// collection for a plan's walk (0: never; see seenIn).
	seenGen uint64
	// readByID holds the ids a get (a resource's read) asked for
	// through this client, each with 1 + the generation it asked in (see
	// readInWalk).
	readByID map[string]uint64
}

// finderWindow is how long the first id of a batch waits for others.
const finderWindow = 2 * time.Millisecond

// finderTTL bounds how long an answer serves later reads. Writes end it
// sooner; a Terraform walk (one provider process, one client) rarely lasts
// longer.
const finderTTL = 2 * time.Minute

type stamp struct {
	gen uint64
	at  time.Time
}

// entry is a cached answer for one id: item nil means it does not exist.
type entry[T any] struct {
	item *T
	stamp
	// served holds the readers (getFor) the answer has served; "" is a
	// read of the object itself (get).
	served map[string]bool
}

// flight is one call shared by the reads waiting on it.
type flight[T any] struct {
	stamp
	ids   []string // an id batch: the ids asked, in arrival order
	asked map[string]bool
	done  chan struct{}
	items map[string]*T
	list  []T // a collection read's items in the order of the answer
	// conclusive: an id of this flight's scope missing from items is gone.
	conclusive bool
	complete   bool
	landed     time.Time // when a collection read ended
	err        error
	errs       map[string]error // per id, when one chunk of a batch failed
	ctx        context.Context
	// retry is the wait before the flight's call tries again.
	retry retryWatch
	// A collection read's readers (client/finder_until.go): wanted holds
	// the ids its gets asked for, wantAll is set once a reader needs every
	// page (a lookup, keys, seen), stopped once it stopped at the page that
	// answered every id wanted (no reader joins it then).
	wanted  map[string]bool
	wantAll bool
	stopped bool
	// stop is where a read that stopped would go on (a later get resumes
	// it); resumed is set on a read that goes on from one before it.
	stop    untilPoint[T]
	resumed bool
}

// detached returns fl reading in ctx without its cancellation and its
// deadline (a flight serves every reader that joins it), telling fl of
// its waits before a retry (retryWatch).
func (fl *flight[T]) detached(ctx context.Context) *flight[T] {
	fl.ctx = fl.retry.detach(ctx)
	return fl
}

// wait waits for the flight to land, or for the reader (of the object
// of kind what with this id; "" for a read of the whole list) to give up
// (retryWatch.wait).
func (fl *flight[T]) wait(ctx context.Context, what, id string) error {
	return fl.retry.wait(ctx, what, id, fl.done)
}

// retryWatch follows the waits before a retry of a call shared by
// readers (a finder's flight, the tasks' shared listing), which runs
// without their deadlines.
type retryWatch struct {
	mu      sync.Mutex
	at      time.Time     // when it tries again
	last    sharedRetry   // the wait before that retry, and the failure it follows
	waits   int           // how many waits before a retry it has begun
	started chan struct{} // closed (and replaced) when a wait starts
	// readers are the readers waiting, in the order they joined, and what
	// the kind the first that named an object read: the call's lines name
	// them and go out through one of them (sharedCall).
	readers []*waiter
	what    string
}

// detach returns ctx without its cancellation and its deadline, telling
// w of its calls' waits before a retry (retrying). Nor does it keep ctx's
// retry notice (WithRetryNotice): each reader is told of the waits in its
// own, while it waits (wait).
func (w *retryWatch) detach(ctx context.Context) context.Context {
	w.started = make(chan struct{})
	ctx = context.WithValue(context.WithoutCancel(ctx), retryNoticeKey{}, (func(string))(nil))
	return withShared(context.WithValue(ctx, retryWaitKey{}, w.retrying), w, nil)
}

// retrying records that the shared call waits r.wait to try again after
// r.err.
func (w *retryWatch) retrying(r sharedRetry) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.at, w.last = time.Now().Add(r.wait), r
	w.waits++
	close(w.started)
	w.started = make(chan struct{})
}

// wait waits for the shared call to land (done closed), or for the
// reader to give up: ctx ends, or the call waits to try again after ctx's
// deadline. The call runs without the reader's deadline, so its retry
// slept past it, and a reader with a time limit (wait_for_approval's
// timeout) idled until the limit where a call in its own context returns
// at once (SleepWithin): it returns the call's failure and a
// *TimeLimitError, and logs in ctx, once, at INFO (OperatorLine), that it
// does not wait for that retry: the call's line said "retrying in 20s" of
// a retry the reader then did not wait for, and nothing else said so.
//
// While it waits, the call's lines name the reader's object and may be
// written in its ctx (sharedCall), and its ctx's retry notice is told of
// each of the call's waits before a retry, once (noticeShared), here, in
// the reader's goroutine: never once the reader has returned.
func (w *retryWatch) wait(ctx context.Context, what, id string, done <-chan struct{}) error {
	defer w.join(ctx, what, id)()
	told := 0 // the waits its notice was told of
	for {
		w.mu.Lock()
		at, last, started, waits := w.at, w.last, w.started, w.waits
		w.mu.Unlock()
		if waits != told {
			told = waits
			noticeShared(ctx, last, at)
		}
		if dl, ok := ctx.Deadline(); ok && ctx.Err() == nil && dl.Before(at) {
			select {
			case <-done:
				return nil
			default:
			}
			now := time.Now()
			tl := &TimeLimitError{Wait: at.Sub(now), Left: max(dl.Sub(now), 0)}
			if last.c != nil {
				last.c.logRetryNotWaited(ctx, last, tl)
			}
			return errors.Join(last.err, tl)
		}
		select {
		case <-done:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		case <-started:
		}
	}
}

// parseInts converts finder keys back to ids.
func parseInts(ids []string) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		n, _ := strconv.ParseInt(id, 10, 64)
		out = append(out, n)
	}
	return out
}

func newFinder[T any](c *Client, key func(T) string) *finder[T] {
	return &finder[T]{c: c, key: key, entries: map[string]entry[T]{}, looked: map[string]stamp{}}
}

func (f *finder[T]) valid(s stamp, gen uint64, now time.Time) bool {
	return s.gen == gen && now.Sub(s.at) < finderTTL
}

// FreshReads marks ctx so that the reads made through it are never
// answered by a call that began before them (they are still batched with
// the reads that arrive with them), unless the client is refreshing.
// Data sources read this way. Read in an apply, after depends_on, a data
// source must see what something outside the provider (a provisioner,
// another provider block, a person) changed meanwhile, which the answers
// kept since the walk's first reads do not. In a plan that refreshes
// resources (Refreshing), data sources share what the refresh read, as the
// resources do: the plan shows the platform as the walk read it, at the
// cost of a list.
func FreshReads(ctx context.Context) context.Context { return context.WithValue(ctx, freshKey{}, true) }

type freshKey struct{}

// DataSourceReads marks ctx as a data source's: its reads are FreshReads,
// and a get through it is no resource's refresh, so the object it reads
// is not read in the walk (readInWalk). A plan's key check waits for the
// plan of a holder read in the walk and leaves it out as managed here: a
// data source that read, by id, the agent whose number a create takes
// ("Agent Already Exists") silenced that warning after a 5 s wait.
func DataSourceReads(ctx context.Context) context.Context {
	return context.WithValue(FreshReads(ctx), dataSourceKey{}, true)
}

type dataSourceKey struct{}

// Refreshing records that a resource is being refreshed through c, which
// Terraform does in a plan's walk, never in an apply's.
//
// The first refresh after writes of c begins a new generation: the plan
// of a later command in a provider process that serves several
// (`terraform test` with a provider block, Terraform 1.13 and later). The
// answers that the apply before it read after its last write were of the
// generation current then, and would have served this plan as its own (a
// walk's reads never serve a later walk), and been taken for this walk's
// refreshes (readInWalk).
func (c *Client) Refreshing() {
	c.refreshing.Store(true)
	c.refreshes.Add(1)
	c.walkMu.Lock()
	defer c.walkMu.Unlock()
	if g := c.gen.Load(); c.refreshGen.Load() != g+1 {
		if g != 0 {
			g = c.gen.Add(1)
			c.commands.Store(true)
		}
		c.refreshGen.Store(g + 1)
	}
}

// walkGen is the generation the current plan's walk began in, as far as
// the client can tell: that of its refresh when writes came before it (a
// provider process that serves several commands, `terraform test`), else
// 0.
func (c *Client) walkGen() uint64 {
	if r := c.refreshGen.Load(); r > 1 {
		return r - 1
	}
	return 0
}

// Walk names the plan's walk the client is in, for tfkit.Claims.Walk: 0
// until a resource is refreshed after writes of the client, then the
// generation of that refresh. A provider process that serves several
// commands (`terraform test` with a provider block, Terraform 1.13 and
// later) starts a new walk with each later plan that refreshes.
func (c *Client) Walk() uint64 { return c.walkGen() }

// RefreshedInWalk reports whether a resource was refreshed through c in
// the current generation: in a plan's walk that refreshes, and not in an
// apply's (which refreshes nothing), nor in a plan's with -refresh=false.
// A check that counts an object no instance of the walk planned as made
// outside Terraform needs the plan's walk: an apply's plans again only the
// instances it changes.
func (c *Client) RefreshedInWalk() bool { return c.refreshGen.Load() == c.gen.Load()+1 }

// Refreshes counts the refreshes of resources begun through c (Refreshing):
// how far the plan's walk has come (tfkit.Claims.Settle).
func (c *Client) Refreshes() uint64 { return c.refreshes.Load() }

// freshReads: ctx asks for FreshReads, and neither a plan that refreshes
// nor a later command of a process that serves several relaxes it. The
// plan of a later run of `terraform test` (one provider process for the
// file's runs, Terraform 1.13 and later) begins without a call that tells
// the provider: what a data source read in the run before it, when nothing
// was written since, would serve it within finderTTL, and a change made
// outside the provider between the runs (a provisioner, a person) would
// not be seen. Once the process is known to serve several commands (a
// refresh after writes), data sources read afresh in every walk.
func (c *Client) freshReads(ctx context.Context) bool {
	return ctx.Value(freshKey{}) != nil && (!c.refreshing.Load() || c.commands.Load())
}

// get returns the object with this id; the error satisfies IsNotFound when
// it does not exist. what names the kind in that error ("agent 12").
func (f *finder[T]) get(ctx context.Context, id, what string) (*T, error) {
	return f.getFor(ctx, id, "", what)
}

// getFor is get for a reader: one answer serves one read of each reader,
// so that many readers of one object (the member resources of a group,
// each reading the group's membership) share it, and a reader's second
// read (a poll) calls again.
func (f *finder[T]) getFor(ctx context.Context, id, reader, what string) (*T, error) {
	// confirm is set when a collection read missed id without being
	// conclusive; missed is that read, which a confirmation may not reuse.
	var confirm bool
	var missed *flight[T]
	// fresh is set when the cache may not answer: its answer for id was
	// served already (a second read of an object, such as a poll, calls
	// again) or needs confirming, or ctx asks for FreshReads (then no call
	// that began before this read may answer it either).
	strict, start := f.c.freshReads(ctx), f.c.cfg.Now()
	fresh := strict
	if reader == "" && ctx.Value(dataSourceKey{}) == nil {
		f.mu.Lock()
		if f.readByID == nil {
			f.readByID = map[string]uint64{}
		}
		f.readByID[id] = f.c.gen.Load() + 1
		f.mu.Unlock()
	}
	reads := 0 // collection reads that missed id
	for {
		f.mu.Lock()
		gen, now := f.c.gen.Load(), f.c.cfg.Now()
		if !fresh {
			e, ok := f.entries[id]
			switch {
			case ok && f.valid(e.stamp, gen, now) && e.served[reader]:
				fresh = true
			case ok && f.valid(e.stamp, gen, now):
				f.serve(id, reader, e.item, e.stamp)
				f.mu.Unlock()
				return f.answer(e.item, id, what)
			case f.whole != nil && f.valid(*f.whole, gen, now) && f.wholeRead.conclusive:
				f.serve(id, reader, nil, *f.whole)
				f.mu.Unlock()
				return f.answer(nil, id, what)
			case f.whole != nil && f.valid(*f.whole, gen, now):
				confirm, missed, fresh = true, f.wholeRead, true
			}
		}
		var fl *flight[T]
		switch {
		case f.coll != nil && f.coll.gen == gen && f.coll != missed && !f.coll.stopped && (!fresh || f.byIDs == nil) && (!strict || !f.coll.at.Before(start)) &&
			(!confirm || !f.coll.resumed):
			fl = f.coll
		case !fresh && f.coll == nil && f.partial != nil && f.valid(f.partial.stamp, gen, now):
			fl = f.resume(ctx, f.partial)
		case f.byIDs != nil && (fresh || f.all == nil || gen != 0 || now.Sub(f.prefetched) < finderTTL):
			if !fresh && f.wholeDue(gen) {
				fl = f.startCollection(ctx, gen, now, true)
			} else {
				fl = f.enqueue(ctx, id)
			}
		default:
			fl = f.nextCollection(ctx, gen, now)
		}
		if fl.asked == nil { // a collection read: it reads until id
			fl.want(id)
		}
		f.mu.Unlock()

		if err := fl.wait(ctx, what, id); err != nil {
			return nil, err
		}
		if err := fl.errs[id]; err != nil {
			return nil, err
		}
		if fl.err != nil {
			return nil, fl.err
		}
		it, found := fl.items[id]
		// A read that missed id, confirmed by one begun after it landed
		// that holds all its objects, missed nothing (holdsAll): id is gone.
		if found || fl.conclusive || (confirm && missed != nil && !fl.at.Before(missed.landed) && holdsAll(fl.items, missed.items)) {
			f.mu.Lock()
			f.serve(id, reader, it, fl.stamp)
			f.mu.Unlock()
			return f.answer(it, id, what)
		}
		if reads++; reads >= missReads {
			return nil, fmt.Errorf("%s %s: missing from %d reads of the list in a row, each lacking objects the one before held (objects were "+
				"deleted elsewhere while it was read page by page), so whether it still exists is not known: "+
				"nothing was changed; run again when the list is quieter", what, id, reads)
		}
		confirm, missed, fresh = true, fl, true
	}
}

// lookup finds the object match accepts by a key other than its id (an
// agent by its number, a group by its name: what an import names), or nil
// when none has it; name names the lookup ("user_num:8001"). Lookups
// follow the rule of get, so that an import of a whole contact center
// costs about what its refresh does: the first read of a client that has
// not written prefetches the collection when it is small, and a lookup is
// served by a complete collection read in the current generation; past
// that, each lookup is one call of single (a filtered list), counted with
// the id calls, and once they have cost as many calls as the collection's
// pages, the next reads it whole for the lookups after it. An object
// missing from a collection read over several pages (which a deletion
// meanwhile can shift) is looked for by single. As with get, a collection
// read answers one lookup of a name: the same lookup again (a poll), or
// one in a FreshReads context, calls single. What single answers serves
// later reads like any other answer (an import by number reads once).
func (f *finder[T]) lookup(ctx context.Context, name string, match func(T) bool, single func(context.Context) ([]T, error)) (*T, error) {
	all, err := f.lookupMatches(ctx, name, match, single, true)
	if err != nil || len(all) == 0 {
		return nil, err
	}
	return &all[0], nil
}

// lookupAll is lookup answering every object match accepts, in the order
// read, for a key the spec does not make unique (an SMS signature's
// sign_text, a template's name): an import by it refuses several. A
// collection read that stopped at its first page (a list too long to
// prefetch) does not answer it: another object of the key may be on a
// later page (§2.4 does not make names unique), so single is asked.
func (f *finder[T]) lookupAll(ctx context.Context, name string, match func(T) bool, single func(context.Context) ([]T, error)) ([]T, error) {
	return f.lookupMatches(ctx, name, match, single, false)
}

// lookupMatches is lookup (unique set: the key is unique, so a match in
// part of the collection is the object) or lookupAll.
func (f *finder[T]) lookupMatches(ctx context.Context, name string, match func(T) bool, single func(context.Context) ([]T, error), unique bool) ([]T, error) {
	f.mu.Lock()
	gen, now := f.c.gen.Load(), f.c.cfg.Now()
	var fl *flight[T]
	if s, ok := f.looked[name]; !f.c.freshReads(ctx) && (!ok || !f.valid(s, gen, now)) {
		if f.whole != nil && f.valid(*f.whole, gen, now) {
			if its := allMatches(f.wholeRead.list, match); its != nil || f.wholeRead.conclusive {
				f.looked[name] = *f.whole
				f.mu.Unlock()
				return its, nil
			}
		}
		switch {
		case f.coll != nil && f.coll.gen == gen && !f.coll.stopped:
			fl = f.coll
		case f.all != nil && gen == 0 && (f.prefetched.IsZero() || f.pages == 0 && now.Sub(f.prefetched) >= finderTTL):
			// The first lookup reads the collection, and so does the
			// first after its answer expired (a plan of more than
			// finderTTL), as a get does, where a lookup alone (single)
			// made one call per name imported after that. A collection
			// the prefetch did not read whole (pages known) is read
			// whole when due (wholeDue), as before.
			fl = f.startCollection(ctx, gen, now, false)
		case f.wholeDue(gen):
			fl = f.startCollection(ctx, gen, now, true)
		}
	}
	if fl != nil {
		fl.wantAll = true
	}
	if fl == nil {
		if f.idGen != gen {
			f.idGen, f.idCalls = gen, 0
		}
		f.idCalls++
	}
	f.mu.Unlock()

	if fl != nil {
		if err := fl.wait(ctx, "lookup", name); err != nil {
			return nil, err
		}
		if fl.err != nil {
			return nil, fl.err
		}
		if its := allMatches(fl.list, match); (its != nil && (unique || fl.complete)) || fl.conclusive {
			f.mu.Lock()
			f.looked[name] = fl.stamp
			f.mu.Unlock()
			return its, nil
		}
	}
	began := f.begin()
	items, err := single(ctx)
	if err != nil {
		return nil, err
	}
	f.put(began, items)
	return allMatches(items, match), nil
}

// allMatches returns copies of the items match accepts, or nil.
func allMatches[T any](items []T, match func(T) bool) []T {
	var out []T
	for _, it := range items {
		if match(it) {
			out = append(out, it)
		}
	}
	return out
}

// missReads bounds the reads of a list-only kind that look for an id
// missing from a read over several pages (see holdsAll).
const missReads = 4

// serve records that the answer for id read in the call stamped s was
// served to reader; f.mu is held. An answer serves one read of an id for
// each reader: the next read of the same id for the same reader in the
// same generation calls again.
func (f *finder[T]) serve(id, reader string, item *T, s stamp) {
	e, ok := f.entries[id]
	if ok && e.at.After(s.at) {
		return // a newer answer came meanwhile: it is still to serve
	}
	if !ok || e.stamp != s {
		e = entry[T]{item: item, stamp: s}
	}
	if e.served == nil { // the entry owns its map: nothing else holds it
		e.served = map[string]bool{}
	}
	e.served[reader] = true
	f.entries[id] = e
}

// keep records item as the answer for id read in the call stamped s; f.mu
// is held. The readers an answer of the same generation served stay
// served: each one's next read of id (a poll, or a read after an edit made
// elsewhere) calls again. Replaced by a later read of the collection that
// another reader made, the answer had served nobody, and that read, begun
// before the edit, answered the poll as the object was before it.
func (f *finder[T]) keep(id string, item *T, s stamp) {
	e := entry[T]{item: item, stamp: s}
	if old, ok := f.entries[id]; ok && old.gen == s.gen && len(old.served) > 0 {
		e.served = maps.Clone(old.served)
	}
	f.entries[id] = e
}

// readInWalk reports whether a get of this client (a Terraform walk) asked
// for the object of this id, answered or not yet: a resource of the
// configuration being planned holds it in its state, refreshed in this
// walk. Recorded when the read begins, so that a check waiting on the
// same collection read as that refresh sees it. In a process that serves
// several commands, a read of an earlier command (before the writes that
// the current plan's walk began after: walkGen) is not of this walk.
func (f *finder[T]) readInWalk(id string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	at := f.readByID[id]
	return at != 0 && at-1 >= f.c.walkGen()
}

func (f *finder[T]) answer(item *T, id, what string) (*T, error) {
	if item == nil {
		return nil, fmt.Errorf("%s %s: %w", what, id, ErrNotFound)
	}
	v := *item
	return &v, nil
}

// put records answers read in a call that began at s (finders by other
// keys, such as an agent by number, share what they found).
func (f *finder[T]) put(s stamp, items []T) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range items {
		f.keep(f.key(items[i]), &items[i], s)
	}
}

// begin returns the stamp of a call that begins now.
func (f *finder[T]) begin() stamp {
	return stamp{gen: f.c.gen.Load(), at: f.c.cfg.Now()}
}

// wholeDue reports whether reads by ids in generation gen have cost as
// many calls as reading the whole collection would: the next read reads
// it whole (ski rental: a refresh of most of a large collection costs at
// most twice its pages, one of a few objects stays by ids); f.mu is held.
func (f *finder[T]) wholeDue(gen uint64) bool {
	return f.allWhole != nil && f.pages > 0 && f.idGen == gen && f.idCalls >= f.pages
}

// sized records how many pages the collection takes (prefetch's first
// page, when it stopped there).
func (f *finder[T]) sized(pages int) {
	f.mu.Lock()
	f.pages = pages
	f.mu.Unlock()
}

// startCollection starts a collection read, of the whole collection
// (allWhole) when whole is set; f.mu is held.
func (f *finder[T]) startCollection(ctx context.Context, gen uint64, now time.Time, whole bool) *flight[T] {
	fl := (&flight[T]{done: make(chan struct{})}).detached(ctx)
	f.launch(fl, gen, now, whole)
	return fl
}

// nextCollection returns a collection read that begins after this read
// did, for a read that the one in flight cannot answer (it began before a
// write, or before a FreshReads read, or it is the read being confirmed):
// a new one when none is in flight, else the one queued to begin when the
// one in flight lands, which every such read waiting meanwhile shares. A
// read begun after a read began sees all it would, whatever was written
// meanwhile. Started at once, each read back after a create began its own
// read of the whole list (a create of 200 webhooks cost 289
// webhook/lists calls besides its 200 lookups); f.mu is held.
func (f *finder[T]) nextCollection(ctx context.Context, gen uint64, now time.Time) *flight[T] {
	if f.coll == nil && f.next == nil && gen == 0 {
		return f.startCollection(ctx, gen, now, false)
	}
	if f.next == nil {
		f.next = (&flight[T]{done: make(chan struct{})}).detached(ctx)
		if f.coll == nil {
			f.gather(f.next)
		}
	}
	return f.next
}

// gather launches next, a collection read for reads after a write, once
// the writes in flight have ended (finderHold): their read-backs join it.
// Until then next is the read every such read waits on; f.mu is held.
func (f *finder[T]) gather(next *flight[T]) {
	go func() {
		if f.c.writes.settle(finderHold) {
			time.Sleep(finderWindow)
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.next == next { // else launched when a collection read landed
			f.next = nil
			f.launch(next, f.c.gen.Load(), f.c.cfg.Now(), false)
		}
	}()
}

// launch starts fl, stamped gen and now; f.mu is held.
func (f *finder[T]) launch(fl *flight[T], gen uint64, now time.Time, whole bool) {
	fl.stamp = stamp{gen: gen, at: now}
	f.coll, f.prefetched = fl, now
	read := f.all
	if whole {
		read, f.idCalls = f.allWhole, 0
	} else if f.allUntil != nil {
		read = f.until(fl, nil)
	}
	f.run(fl, read, 0)
}

// run reads fl (read) and lands it: its answers are kept (but the first
// kept items, kept already: a resumed read, finder_until.go), and it
// becomes the whole collection read when complete; f.mu is held.
func (f *finder[T]) run(fl *flight[T], read func(context.Context) ([]T, bool, bool, error), kept int) {
	go func() {
		items, complete, oneCall, err := read(fl.ctx)
		fl.err, fl.complete, fl.conclusive = err, complete, complete && oneCall
		fl.list, fl.landed = items, f.c.cfg.Now()
		fl.items = make(map[string]*T, len(items))
		for i := range items {
			fl.items[f.key(items[i])] = &items[i]
		}
		f.mu.Lock()
		f.partial = nil
		if err == nil {
			for i := kept; i < len(items); i++ {
				f.keep(f.key(items[i]), &items[i], fl.stamp)
			}
			if fl.complete {
				s := fl.stamp
				f.whole, f.wholeRead, f.wholeUsed = &s, fl, false
			}
			if fl.stopped {
				f.partial = fl
			}
		}
		if f.coll == fl {
			f.coll = nil
			if next := f.next; next != nil {
				f.gather(next)
			}
		}
		f.mu.Unlock()
		close(fl.done)
	}()
}

// enqueue adds id to the batch being collected; f.mu is held.
func (f *finder[T]) enqueue(ctx context.Context, id string) *flight[T] {
	fl := f.pending
	if fl == nil {
		fl = (&flight[T]{asked: map[string]bool{}, done: make(chan struct{}), conclusive: true}).detached(ctx)
		f.pending = fl
		if !f.busy {
			time.AfterFunc(finderWindow, f.flush)
		}
	}
	if !fl.asked[id] {
		fl.asked[id] = true
		fl.ids = append(fl.ids, id)
	}
	return fl
}

// flush sends the collected batch, maxIDs ids a call, unless a call is
// in flight: then the batch goes when that call ends. While writes through
// the client are in flight, it first waits for them (finderHold).
func (f *finder[T]) flush() {
	f.mu.Lock()
	fl := f.pending
	if f.busy || fl == nil {
		f.mu.Unlock()
		return
	}
	f.mu.Unlock()
	// Reads back after the writes in flight join this batch (see
	// finderHold); meanwhile the batch stays open and nothing else sends
	// it (a batch is flushed once: by its timer, or when the call before
	// it ends).
	if f.c.writes.settle(finderHold) {
		time.Sleep(finderWindow)
	}
	f.mu.Lock()
	f.pending, f.busy = nil, true
	fl.stamp = f.begin()
	f.mu.Unlock()

	fl.items = map[string]*T{}
	for start := 0; start < len(fl.ids); start += f.maxIDs {
		chunk := fl.ids[start:min(start+f.maxIDs, len(fl.ids))]
		f.mu.Lock()
		if f.idGen != fl.gen {
			f.idGen, f.idCalls = fl.gen, 0
		}
		f.idCalls++
		f.mu.Unlock()
		// The call's lines name the ids it asks (sharedCall).
		items, err := f.byIDs(withShared(fl.ctx, &fl.retry, chunk), chunk)
		if err != nil {
			if fl.errs == nil {
				fl.errs = map[string]error{}
			}
			for _, id := range chunk {
				fl.errs[id] = err
			}
			continue
		}
		for i := range items {
			if k := f.key(items[i]); fl.asked[k] {
				fl.items[k] = &items[i]
			}
		}
	}

	f.mu.Lock()
	for _, id := range fl.ids {
		if fl.errs[id] == nil {
			f.keep(id, fl.items[id], fl.stamp)
		}
	}
	f.busy = false
	if f.pending != nil {
		go f.flush()
	}
	f.mu.Unlock()
	close(fl.done)
}

// snapshot returns the whole collection as a current one-call read
// answered it, in its order, for a list of the whole collection made after
// it in the same walk (a data source listing what the resources read). Like
// an object, it serves one list: the next one calls again.
func (f *finder[T]) snapshot() ([]T, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.whole == nil || !f.valid(*f.whole, f.c.gen.Load(), f.c.cfg.Now()) || !f.wholeRead.conclusive || f.wholeUsed {
		return nil, false
	}
	f.wholeUsed = true
	return append([]T(nil), f.wholeRead.list...), true
}

// keys returns the ids of the whole collection (for a kind read by whole
// lists), from a current one-call read or a new one.
func (f *finder[T]) keys(ctx context.Context) ([]string, error) {
	f.mu.Lock()
	gen, now := f.c.gen.Load(), f.c.cfg.Now()
	if f.whole != nil && f.valid(*f.whole, gen, now) && f.wholeRead.conclusive {
		var out []string
		for k, e := range f.entries {
			if e.item != nil && f.valid(e.stamp, gen, now) {
				out = append(out, k)
			}
		}
		f.mu.Unlock()
		return out, nil
	}
	fl := f.coll
	if fl == nil || fl.gen != gen || fl.stopped {
		fl = f.startCollection(ctx, gen, now, false)
	}
	fl.wantAll = true
	f.mu.Unlock()
	if err := fl.wait(ctx, "", ""); err != nil {
		return nil, err
	}
	if fl.err != nil {
		return nil, fl.err
	}
	out := make([]string, 0, len(fl.items))
	for k := range fl.items {
		out = append(out, k)
	}
	return out, nil
}

// prefetchPages is how many pages a collection may take to be prefetched:
// past that, a refresh is cheaper by ids than by reading the whole list.
const prefetchPages = 5

// prefetch reads a paged collection (what names it and its call, for an
// error) for a finder when it fits in prefetchPages pages of rows (or
// whatever its size when whole is set: a kind without an id filter has no
// other read); otherwise it returns the first page alone, not complete,
// and tells sized (when not nil) how many pages the collection takes.
func prefetch[T any](ctx context.Context, what string, rows int, page func(context.Context, int) (LaravelPage[T], error), whole bool, sized func(pages int)) (items []T, complete, oneCall bool, err error) {
	p, err := page(ctx, 1)
	if err != nil {
		return nil, false, false, err
	}
	pc := pageCheck[T]{what: what}
	if err := pc.check(1, p.CurrentPage.Int64(), p.Total.Int64(), p.Data, p.More()); err != nil {
		return nil, false, false, err
	}
	items = p.Data
	if !p.More() {
		return items, true, true, nil
	}
	if !whole && (int(p.Total) > prefetchPages*rows || int(p.LastPage) > prefetchPages) {
		if sized != nil {
			sized(max(int(p.LastPage), (int(p.Total)+rows-1)/rows))
		}
		return items, false, false, nil
	}
	for n := 2; ; n++ {
		p, err := page(ctx, n)
		if err != nil {
			return nil, false, false, err
		}
		// A service that ignores the page asked answers its first page
		// again, saying more follow: the read would go on until the
		// operation's time ran out, as many calls a second as the service
		// answers (paginate checks the same).
		if err := pc.check(n, p.CurrentPage.Int64(), p.Total.Int64(), p.Data, p.More()); err != nil {
			return nil, false, false, err
		}
		items = append(items, p.Data...)
		if !p.More() || len(p.Data) == 0 {
			return items, true, false, nil
		}
	}
}

// seen answers which objects match accepts in what the collection reads of
// this client hold, for a plan's check that a create's unique key is free:
// known is false when no read answers, and then the check says nothing
// (the create's own lookup at apply still refuses a taken key). It makes
// no call of its own but the read a first read of a client that has not
// written makes anyway (the prefetch, which the refresh of the kind's
// objects in the same walk starts or joins): a plan that refreshes the
// kind reads nothing more, and one that does not (no state, -refresh=false)
// reads the collection once, whatever the number of creates (one too
// large to prefetch, past its first page, is read whole once). Never a
// call per object; after a write nothing is read, and what the reads of
// the current generation hold answers (a key found there is taken; one not
// found is not known), except in a plan's walk that refreshes (a process
// serving several commands: the collection is read once in the walk's
// generation, once a refresh has begun in it).
func (f *finder[T]) seen(ctx context.Context, match func(T) bool) (found []T, known bool, err error) {
	return f.seenIn(ctx, match, true)
}

// seenAll is seen for a question a match alone does not answer (is every
// object of this text approved?): known only when a read of the whole
// collection answers, never from the objects read one by one.
func (f *finder[T]) seenAll(ctx context.Context, match func(T) bool) (found []T, known bool, err error) {
	return f.seenIn(ctx, match, false)
}

func (f *finder[T]) seenIn(ctx context.Context, match func(T) bool, entries bool) (found []T, known bool, err error) {
	// A second pass reads the whole collection after a prefetch that
	// stopped at its first page without the key.
	for range 2 {
		f.mu.Lock()
		gen, now := f.c.gen.Load(), f.c.cfg.Now()
		if f.whole != nil && f.valid(*f.whole, gen, now) {
			found = allMatches(f.wholeRead.list, match)
			f.mu.Unlock()
			return found, true, nil
		}
		var fl *flight[T]
		switch {
		case f.coll != nil && f.coll.gen == gen && !f.coll.stopped:
			fl = f.coll
		case f.all != nil && gen == 0 && f.prefetched.IsZero():
			fl = f.startCollection(ctx, gen, now, false)
		case f.allWhole != nil && gen == 0 && f.pages > 0 && !f.seenWhole:
			// The prefetch stopped at its first page (a collection of
			// more than prefetchPages pages): read it whole, once per
			// client, as a refresh of most of it does anyway (wholeDue),
			// rather than leave a key of a later page unchecked (a lost
			// state of 3,000 agents).
			f.seenWhole = true
			fl = f.startCollection(ctx, gen, now, true)
		case gen != 0 && f.c.refreshGen.Load() == gen+1 && f.seenGen != gen+1 && (f.all != nil || f.allWhole != nil):
			// A plan's walk (a refresh began in this generation: never in
			// an apply's) after writes of this client: a provider process
			// that serves several commands (`terraform test` with a
			// provider block, Terraform 1.13 and later), whose later plans
			// come after an earlier run's apply. Read the collection once
			// for the walk, as a new process does at generation 0; an
			// apply's walk, whose creates are planned again between its
			// writes, reads nothing (a call per create).
			f.seenGen = gen + 1
			fl = f.startCollection(ctx, gen, now, f.allWhole != nil)
		}
		if fl != nil {
			fl.wantAll = true
		}
		if fl == nil {
			if !entries {
				f.mu.Unlock()
				return nil, false, nil
			}
			for _, e := range f.entries {
				if e.item != nil && f.valid(e.stamp, gen, now) && match(*e.item) {
					found = append(found, *e.item)
				}
			}
			f.mu.Unlock()
			return found, found != nil, nil
		}
		f.mu.Unlock()
		if err := fl.wait(ctx, "", ""); err != nil {
			return nil, false, err
		}
		if fl.err != nil {
			return nil, false, fl.err
		}
		if found = allMatches(fl.list, match); (entries && found != nil) || fl.complete {
			return found, true, nil
		}
	}
	return nil, false, nil
}
