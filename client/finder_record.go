package client

import "context"

// cached reports whether a get of id in generation gen would be answered
// without a call of its own: by the collection read in flight in gen
// (which, told so, reads on until it has read id: finder_until.go), by
// an answer kept that has not served a read of the object yet, or by a
// conclusive read of the whole collection that lacks it (gone). A
// FreshReads read is never answered so.
func (f *finder[T]) cached(ctx context.Context, id string, gen uint64) bool {
	if f.c.freshReads(ctx) {
		return false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	now := f.c.cfg.Now()
	if f.coll != nil && f.coll.gen == gen && !f.coll.stopped {
		f.coll.want(id) // the read goes on until it has read id
		return true
	}
	if e, ok := f.entries[id]; ok && f.valid(e.stamp, gen, now) {
		return !e.served[""]
	}
	return f.whole != nil && f.valid(*f.whole, gen, now) && f.wholeRead.conclusive
}

// record keeps a read of the whole collection made outside the finder
// (the webhooks' reads by name read the list whole when that costs fewer
// calls, WebhooksService.byNames), whose first call began at s, as launch
// keeps its own: it answers the gets of generation s.gen for finderTTL,
// conclusive when one call answered it (oneCall). served holds the ids it
// answered already (each served once, as a get's answer is); an answer
// kept that is not older than s stays, with the reads it served (a read of
// the list that began with the same page 1 as one kept before it, or
// after it, serves no object twice).
func (f *finder[T]) record(s stamp, items []T, oneCall bool, served map[string]bool) {
	fl := &flight[T]{stamp: s, done: make(chan struct{}), list: items, complete: true, conclusive: oneCall,
		landed: f.c.cfg.Now(), items: make(map[string]*T, len(items))}
	close(fl.done)
	for i := range items {
		fl.items[f.key(items[i])] = &items[i]
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.whole != nil && f.whole.gen == s.gen && f.whole.at.After(s.at) {
		return
	}
	for k, it := range fl.items {
		if e, ok := f.entries[k]; ok && e.gen == s.gen && !e.at.Before(s.at) {
			continue
		}
		f.keep(k, it, s)
		if served[k] {
			e := f.entries[k]
			if e.served == nil {
				e.served = map[string]bool{}
			}
			e.served[""] = true
			f.entries[k] = e
		}
	}
	f.whole, f.wholeRead, f.wholeUsed = &s, fl, false
}
