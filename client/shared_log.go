package client

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// The lines of a call shared by several readers (a finder's flight, an id
// batch, the tasks' shared listing) run in a context detached from the
// reader that began it (retryWatch.detach). Two things followed from that:
// the retry and giving-up lines carried the context of that first reader
// alone (its request's tf_req_id and resource type under Terraform), and
// nothing said which objects the failing call served: a batched users/list
// that gave up failed the reads of every agent in it, and the log named
// none; and once that first reader's request had returned (a reader whose
// own time limit ended first; the provider's Detached then empties its
// context), the call's later lines were dropped though other readers still
// waited on it.
//
// So a shared call's context carries a sharedCall: its lines go out through
// the context of a reader still waiting on it (the first, in the order they
// joined, whose context has not ended; the call's own when none has), and
// its decision lines (retry, giving up, not retried) name what it serves
// (serves, serves_count; see serves).

// sharedCallKey carries the *sharedCall of a shared call's context.
type sharedCallKey struct{}

// sharedCall is what a shared call's lines name: the readers waiting on w,
// or, for one call of an id batch, the ids it asks (ids).
type sharedCall struct {
	w   *retryWatch
	ids []string
}

// waiter is a reader waiting on a shared call: in ctx, for the object of
// kind what with this id ("" for a read of the whole list, such as a
// plan's check that a key is free).
type waiter struct {
	ctx      context.Context
	what, id string
}

// servesShown bounds the objects a line names (a batch of 500 agents is
// one users/list call): past it, the line says how many more there are.
const servesShown = 10

// withShared returns ctx for a call of the shared call watched by w that
// asks ids (nil: the call serves its readers, whatever they asked).
func withShared(ctx context.Context, w *retryWatch, ids []string) context.Context {
	return context.WithValue(ctx, sharedCallKey{}, &sharedCall{w: w, ids: ids})
}

func sharedCallOf(ctx context.Context) *sharedCall {
	sc, _ := ctx.Value(sharedCallKey{}).(*sharedCall)
	return sc
}

// logContext returns the context a line of the call is written in: that
// of the first reader still waiting whose context has not ended (of an id
// batch's call, preferably one that asked one of its ids), else ctx.
func (sc *sharedCall) logContext(ctx context.Context) context.Context {
	sc.w.mu.Lock()
	defer sc.w.mu.Unlock()
	var other context.Context
	for _, r := range sc.w.readers {
		if r.ctx.Err() != nil {
			continue
		}
		if sc.ids == nil || slices.Contains(sc.ids, r.id) {
			return r.ctx
		}
		if other == nil {
			other = r.ctx
		}
	}
	if other != nil {
		return other
	}
	return ctx
}

// serves says what the call serves, for its lines: the objects of an id
// batch's call (the ids it asks), or those its readers wait for, in the
// order asked, at most servesShown named ("agent 12, 13, 14 and 497
// more"), and the reads of the whole list among its readers ("and 2 other
// reads"); n counts them all (0: nothing to say).
func (sc *sharedCall) serves() (text string, n int) {
	sc.w.mu.Lock()
	defer sc.w.mu.Unlock()
	type obj struct{ what, id string }
	var objs []obj
	others := 0
	seen := map[obj]bool{}
	add := func(o obj) {
		if !seen[o] {
			seen[o] = true
			objs = append(objs, o)
		}
	}
	if sc.ids != nil {
		for _, id := range sc.ids {
			add(obj{sc.w.what, id})
		}
	} else {
		for _, r := range sc.w.readers {
			if r.id == "" {
				others++
				continue
			}
			add(obj{r.what, r.id})
		}
	}
	var b strings.Builder
	for i, o := range objs[:min(len(objs), servesShown)] {
		if i > 0 {
			b.WriteString(", ")
		}
		if o.what != "" && (i == 0 || objs[i-1].what != o.what) {
			b.WriteString(o.what + " ")
		}
		b.WriteString(o.id)
	}
	if more := len(objs) - servesShown; more > 0 {
		fmt.Fprintf(&b, " and %d more", more)
	}
	if others > 0 {
		if b.Len() > 0 {
			b.WriteString(" and ")
		}
		if others == 1 {
			b.WriteString("a read of the whole list")
		} else {
			fmt.Fprintf(&b, "%d reads of the whole list", others)
		}
	}
	return b.String(), len(objs) + others
}

// join records a reader waiting on w until the func returned is called.
func (w *retryWatch) join(ctx context.Context, what, id string) func() {
	r := &waiter{ctx: ctx, what: what, id: id}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.readers = append(w.readers, r)
	if w.what == "" && id != "" {
		w.what = what
	}
	return func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		for i, o := range w.readers {
			if o == r {
				w.readers = append(w.readers[:i], w.readers[i+1:]...)
				break
			}
		}
	}
}
