package client

import "context"

// A kind whose only read is the whole list (webhooks: webhook/lists has
// no id filter, §4.4) read it for gets by id, every page, though the
// pages up to the one holding the ids asked answer them: an import names
// its object by id alone, so that `terraform import` of one webhook among
// 2,000 made 20 calls where the webhook's page was the first. Such a
// read (allUntil) stops at the page after which every id its gets asked
// for (wanted) has been read, unless a reader needs every page (wantAll: a
// lookup, keys, seen). It is then neither complete nor conclusive: it
// answers the ids it read (kept as any answer, stamped when it began), and
// takes no id for gone; no reader joins it once stopped. A later get of an
// id it lacks, in the same generation and within finderTTL, goes on from
// the page where it stopped (resume), stamped when the first page was
// asked, as the whole read of before was: reads by id one after the other
// cost no more pages than that whole read did. A get that must not be
// answered by a read begun before it (FreshReads, a read confirming a
// miss) begins a new read at page 1. An id on no page reads every page,
// as before. The rules of finder hold: answers are of the generation the
// read began in, a write ends them, and a second read of an object calls
// again.

// untilPoint is where a read of allUntil stopped: the next page, and the
// page before it with the count it gave (for the pageCheck of the next).
type untilPoint[T any] struct {
	next   int
	before []T
	total  int64
}

// want adds id to the ids the gets waiting on collection read fl asked
// for; f.mu is held.
func (fl *flight[T]) want(id string) {
	if fl.wanted == nil {
		fl.wanted = map[string]bool{}
	}
	fl.wanted[id] = true
}

// until is allUntil for collection read fl, going on from read p (nil:
// from page 1): it stops after a page once the pages read hold every id
// fl's gets want, none of its readers wanting the whole collection.
func (f *finder[T]) until(fl *flight[T], p *flight[T]) func(ctx context.Context) ([]T, bool, bool, error) {
	return func(ctx context.Context) ([]T, bool, bool, error) {
		var prior []T
		var from untilPoint[T]
		read := map[string]bool{}
		if p != nil {
			prior, from = p.list, p.stop
			for i := range prior {
				read[f.key(prior[i])] = true
			}
		}
		items, stop, complete, oneCall, err := f.allUntil(ctx, from, func(page []T) bool {
			for i := range page {
				read[f.key(page[i])] = true
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			if fl.wantAll || len(fl.wanted) == 0 {
				return false
			}
			for id := range fl.wanted {
				if !read[id] {
					return false
				}
			}
			fl.stopped = true
			return true
		})
		fl.stop = stop
		if p != nil {
			items, oneCall = append(append([]T(nil), prior...), items...), false
		}
		return items, complete, oneCall, err
	}
}

// resume starts a collection read that goes on from p, a read that
// stopped, stamped as p (when its first page was asked); f.mu is held.
func (f *finder[T]) resume(ctx context.Context, p *flight[T]) *flight[T] {
	fl := (&flight[T]{done: make(chan struct{}), resumed: true}).detached(ctx)
	fl.stamp = p.stamp
	f.coll, f.partial = fl, nil
	f.run(fl, f.until(fl, p), len(p.list))
	return fl
}
