package client

import (
	"context"
	"fmt"
	"iter"
	"reflect"
)

// Page is one page of a list: its items and whether another page follows.
type Page[T any] struct {
	Items []T
	// More is true when a later page may hold items.
	More bool
	// Total is how many items the whole list holds by this page's count
	// (0 when the page does not say).
	Total int64
	// Current is the page number the answer says it is (0 when it does not
	// say): paginate stops with an error when it is not the page asked.
	Current int64
}

// listPasses bounds how many times paginate reads a list that shrank while
// it was read (see paginate).
const listPasses = 3

// paginate turns a page fetcher into an iterator that pages transparently,
// starting at page 1. Iteration stops at the first error, which is yielded.
//
// The platform's lists have no snapshot: an object created or deleted
// elsewhere between two pages shifts the later ones. With key (an object's
// id), each object is yielded once: a create before the page being read
// pushes an object already yielded onto the next page, and it is not
// yielded again. A delete before that page pulls an object not yet read
// back onto a page already read, so it would be missed: when a page counts
// fewer objects than an earlier one of the same read, the list is read
// again from page 1 once the read ends, yielding only the objects not seen
// yet, at most listPasses reads in all. An object deleted meanwhile may
// have been yielded already; one that lived through the whole read is
// missed only when a delete and a create between the same two pages leave
// the count as it was, or when the list shrinks during every read. Without
// key nothing is skipped and a list is read once.
func paginate[T any](ctx context.Context, key func(T) string, fetch func(ctx context.Context, page int) (Page[T], error)) iter.Seq2[T, error] {
	return pages(ctx, key, "", fetch)
}

// paginateWhole is paginate for a list read as the whole of a kind whose
// objects are created and deleted elsewhere (agents, webhooks, tasks, SMS
// signatures and templates: an export, a list resource, a roster's plan),
// where an object missed is an object the reader takes for absent. A list
// read over several pages is read again until a read holds every object of
// the one before (objects created meanwhile may be added): an object that
// lived through a read and was missed by it was pulled onto a page already
// read by a delete, of an object that read holds and the next cannot, so a
// read whose objects are all in the next missed nothing. After wholeReads
// reads, each missing objects of the one before, it yields an error naming what (the
// list's name) instead of a list that may lack objects. A list of one page
// is one answer, read once.
func paginateWhole[T any](ctx context.Context, what string, key func(T) string, fetch func(ctx context.Context, page int) (Page[T], error)) iter.Seq2[T, error] {
	return pages(ctx, key, what, fetch)
}

// wholeReads bounds paginateWhole's reads of a list that keeps changing.
const wholeReads = 4

// holdsAll reports whether read holds every key of before. A read that
// missed an object living through it did so because of a delete, of an
// object it holds and the next read cannot; objects created meanwhile only
// push others onto later pages, so a next read that holds every object of
// the one before (and perhaps new ones) shows that nothing was missed.
func holdsAll[V, W any](read map[string]V, before map[string]W) bool {
	for k := range before {
		if _, ok := read[k]; !ok {
			return false
		}
	}
	return true
}

// pages is paginate, and paginateWhole when whole names the list.
func pages[T any](ctx context.Context, key func(T) string, whole string, fetch func(ctx context.Context, page int) (Page[T], error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		seen := map[string]bool{}
		var before map[string]bool // the keys of the read before, for whole
		for pass := 1; ; pass++ {
			var counted int64
			shrank := false
			read := map[string]bool{}
			pagesRead := 0
			pc := pageCheck[T]{what: whole}
			for page := 1; ; page++ {
				p, err := fetch(ctx, page)
				if err != nil {
					var zero T
					yield(zero, err)
					return
				}
				if err := pc.check(page, p.Current, p.Total, p.Items, p.More); err != nil {
					var zero T
					yield(zero, err)
					return
				}
				if p.Total > 0 {
					shrank = shrank || counted > p.Total
					counted = max(counted, p.Total)
				}
				// Only an object an earlier page (or read) yielded is
				// skipped: rows of one page are the service's own, kept
				// even where two share a key.
				pagesRead++
				var onPage []string
				for _, it := range p.Items {
					if key != nil {
						k := key(it)
						read[k] = true
						if seen[k] {
							continue
						}
						onPage = append(onPage, k)
					}
					if !yield(it, nil) {
						return
					}
				}
				for _, k := range onPage {
					seen[k] = true
				}
				if !p.More || len(p.Items) == 0 {
					break
				}
			}
			if whole != "" && key != nil {
				if pagesRead == 1 || before != nil && holdsAll(read, before) {
					return
				}
				if pass == wholeReads {
					var zero T
					yield(zero, fmt.Errorf("each of %d reads in a row of the %s lacked objects the one before held (objects were deleted elsewhere "+
						"while it was read page by page), so it cannot be read whole: an object may be missing from what was read. Run again when it is quieter", pass, whole))
					return
				}
				before = read
				continue
			}
			if !shrank || key == nil || pass == listPasses {
				return
			}
		}
	}
}

// samePage checks that a page object that says more pages follow says it
// is the page asked (current is 0 when it does not say). A service that
// ignores the page parameter answers its first page again and again, with
// navigation that says more follow, and the list would be read until the
// operation's time ran out. An answer that ends the list is taken as it is
// (a service that answers its last page when asked for one past it, after
// the list shrank: its rows were yielded already and are skipped by key).
func samePage(asked int, current int64, more bool) error {
	if current > 0 && current != int64(asked) && more {
		return fmt.Errorf("page %d of the list was asked for and the service answered page %d: it does not page as the API "+
			"says (current_page), so the list cannot be read whole. Check that the endpoint is the platform's own address (a proxy or cache "+
			"in front of it may answer one page to every request); otherwise the platform's support can tell why it ignores the page asked", asked, current)
	}
	return nil
}

// pageAgain checks that a page after the first that says more pages follow
// is not the page before again (before holds its items). A service that
// ignores the page parameter and does not say which page it answered
// (current_page, which samePage checks, is missing) answers its first page
// to every request, with navigation that says more follow (a page count
// and no current_page: page 0 of 9), and the list was read until the
// operation's time ran out, as many calls a second as the service answered.
//
// A page that says it is the page asked (current is asked), or whose count
// grew since the page before (grew), is taken as it is: a list whose
// newest items come first (the spec does not say the order) that gains
// exactly a page of items between two reads answers the items of the page
// before again, and the keyed reads skip them. A service ignoring the page
// says neither.
func pageAgain[T any](asked int, current int64, grew bool, items, before []T, more bool) error {
	if asked > 1 && more && current != int64(asked) && !grew && len(items) > 0 && reflect.DeepEqual(items, before) {
		return fmt.Errorf("page %d of the list was asked for and the service answered the same items as for page %d, saying more follow: "+
			"it does not page as the API says (current_page), so the list cannot be read whole. Check that the endpoint is the platform's own "+
			"address (a proxy or cache in front of it may answer one page to every request); otherwise the platform's support can tell why it "+
			"ignores the page asked", asked, asked-1)
	}
	return nil
}

// pageCheck checks each page of a list read page by page (samePage, then
// pageAgain against the page before), naming the list (what, when not "")
// in its error: a service that ignores the page asked is said the same
// way by every paged read.
type pageCheck[T any] struct {
	what   string
	before []T   // the items of the page before
	total  int64 // and its count
}

// check checks page asked (answered as current, of total items, more
// saying whether another follows) and remembers it for the next.
func (c *pageCheck[T]) check(asked int, current, total int64, items []T, more bool) error {
	err := samePage(asked, current, more)
	if err == nil {
		err = pageAgain(asked, current, grew(c.total, total), items, c.before, more)
	}
	c.before, c.total = items, total
	if err != nil && c.what != "" {
		err = fmt.Errorf("%s: %w", c.what, err)
	}
	return err
}

// grew reports whether a list's count grew from one page (before) to the
// next (now); false when either does not say (0).
func grew(before, now int64) bool {
	return before > 0 && now > before
}

// sliceSeq yields items already read.
func sliceSeq[T any](items []T) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for _, it := range items {
			if !yield(it, nil) {
				return
			}
		}
	}
}

// Collect drains an iterator into a slice, stopping at the first error.
func Collect[T any](seq iter.Seq2[T, error]) ([]T, error) {
	var out []T
	for v, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, nil
}

// LaravelPage is the page object of spec §2.1 (SMS lists, agent list).
type LaravelPage[T any] struct {
	CurrentPage FlexInt `json:"current_page"`
	Data        []T     `json:"data"`
	LastPage    FlexInt `json:"last_page"`
	PerPage     FlexInt `json:"per_page"`
	Total       FlexInt `json:"total"`
	From        FlexInt `json:"from"`
	To          FlexInt `json:"to"`
	NextPageURL *string `json:"next_page_url"`
}

// More reports whether a later page exists.
func (p LaravelPage[T]) More() bool {
	if p.LastPage > 0 {
		return p.CurrentPage < p.LastPage
	}
	return p.NextPageURL != nil && *p.NextPageURL != ""
}

// ResultsPage is the page object of spec §2.2 (tasks, webhooks, trunks, CDRs):
// both `total_page` and `totalPage` are accepted.
type ResultsPage[T any] struct {
	CurrentPage FlexInt  `json:"current_page"`
	TotalPage   FlexInt  `json:"total_page"`
	TotalPage2  FlexInt  `json:"totalPage"`
	PerPage     FlexInt  `json:"per_page"`
	Total       FlexInt  `json:"total"`
	Empty       FlexBool `json:"empty"`
	Results     []T      `json:"results"`
}

// Pages returns the page count whichever spelling carried it.
func (p ResultsPage[T]) Pages() int64 {
	if p.TotalPage > 0 {
		return int64(p.TotalPage)
	}
	return int64(p.TotalPage2)
}

// More reports whether a later page exists.
func (p ResultsPage[T]) More() bool {
	if n := p.Pages(); n > 0 {
		return int64(p.CurrentPage) < n
	}
	if p.PerPage > 0 && p.Total > 0 {
		return int64(p.CurrentPage)*int64(p.PerPage) < int64(p.Total)
	}
	return false
}

// wholeList checks that the answer of a list call that takes no page
// parameter (queue/list, sound/list: §4.5, §4.6) holds every item it
// counts. An item it left out cannot be read, and taking the answer for the
// whole list would read the items left out as deleted (a refresh would drop
// them from state and plan them anew). On a filtered call only pages is
// checked (0: none given): whether total counts the filtered items is not
// stated.
func wholeList(call, items string, filtered bool, got int, total, pages int64) error {
	if pages > 1 || !filtered && total > int64(got) {
		return fmt.Errorf("%s answered %d %s of %d (totalPage %d) and takes no page parameter: "+
			"the %s it left out cannot be read, so the list is not used as the whole list (one missing from it would be taken for deleted)",
			call, got, items, total, pages, items)
	}
	return nil
}
