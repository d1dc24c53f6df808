package client

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// listShare shares the whole-list reads of data sources (the rule is at
// the top of finder.go, "Data sources over one list"): one per list and
// filter the API is asked (key), each an IVR list, a busy-reason list,
// the trunk numbers of an area code, the agents or skill groups of one
// filter.
type listShare[T any] struct {
	mu   sync.Mutex
	keys map[string]*listShareKey[T]
}

type listShareKey[T any] struct {
	// landed is the last read of the list that succeeded; cur the read
	// collecting its readers or in flight, next the read queued to begin
	// when cur lands (for the readers that cur, begun before them, may
	// not serve).
	landed, cur, next *listRead[T]
}

// listRead is one call shared by the readers that joined it.
type listRead[T any] struct {
	stamp // when the call began, and the generation then
	begun bool
	ctx   context.Context // the first reader's, without its cancel and deadline
	done  chan struct{}
	items []T
	err   error
	retry retryWatch
}

func newListRead[T any](ctx context.Context) *listRead[T] {
	r := &listRead[T]{done: make(chan struct{})}
	r.ctx = r.retry.detach(ctx)
	return r
}

// read returns the list of key, by call, as the rule allows: what a read
// of this walk returned (a plan that refreshes), else a call that begins
// after this read began, shared with every reader that arrives with it.
// what names the list in the lines of a shared call ("IVR list"). Each
// reader gets its own slice.
func (s *listShare[T]) read(ctx context.Context, c *Client, key, what string, call func(context.Context) ([]T, error)) ([]T, error) {
	strict := c.freshReads(ctx)
	s.mu.Lock()
	if s.keys == nil {
		s.keys = map[string]*listShareKey[T]{}
	}
	k := s.keys[key]
	if k == nil {
		k = &listShareKey[T]{}
		s.keys[key] = k
	}
	gen, now := c.gen.Load(), c.cfg.Now()
	var r *listRead[T]
	switch {
	case !strict && k.landed != nil && k.landed.gen == gen && now.Sub(k.landed.at) < finderTTL:
		items := slices.Clone(k.landed.items)
		s.mu.Unlock()
		return items, nil
	case k.cur == nil:
		r = newListRead[T](ctx)
		k.cur = r
		go s.run(c, k, r, call, true)
	case !k.cur.begun || (!strict && k.cur.gen == gen):
		r = k.cur // not begun yet, or begun in this generation for a reader that may take it
	default:
		if k.next == nil {
			k.next = newListRead[T](ctx)
		}
		r = k.next
	}
	s.mu.Unlock()
	if err := r.retry.wait(ctx, what, "", r.done); err != nil {
		return nil, err
	}
	return slices.Clone(r.items), r.err
}

// run makes r's call, after finderWindow for the readers that arrive with
// its first (wait), then begins the read queued meanwhile.
func (s *listShare[T]) run(c *Client, k *listShareKey[T], r *listRead[T], call func(context.Context) ([]T, error), wait bool) {
	if wait {
		time.Sleep(finderWindow)
	}
	s.mu.Lock()
	r.stamp, r.begun = stamp{gen: c.gen.Load(), at: c.cfg.Now()}, true
	s.mu.Unlock()
	items, err := call(r.ctx)
	s.mu.Lock()
	r.items, r.err = items, err
	k.cur = nil
	switch {
	case k.landed != nil && k.landed.at.After(r.at):
	case err == nil:
		k.landed = r
	default:
		k.landed = nil // a failure is not kept, nor is what came before it served
	}
	if n := k.next; n != nil {
		k.next, k.cur = nil, n
		go s.run(c, k, n, call, true)
	}
	s.mu.Unlock()
	close(r.done)
}

// landedAny is the items of the last read of key that succeeded, whatever
// its generation and age (IVRsOnce, which keeps its answer for the
// command anyway).
func (s *listShare[T]) landedAny(key string) ([]T, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if k := s.keys[key]; k != nil && k.landed != nil {
		return slices.Clone(k.landed.items), true
	}
	return nil, false
}

// Shared reads for data sources (finder.go, "Data sources over one
// list"): what many data sources over the same list in one walk ask for.

// IVRsShared is IVRs shared by the data sources of a walk.
func (s *ReferenceService) IVRsShared(ctx context.Context) ([]IVR, error) {
	return s.ivrShare.read(ctx, s.c, "", "IVR list", s.IVRs)
}

// BusyReasonsShared is BusyReasons shared by the data sources of a walk.
func (s *ReferenceService) BusyReasonsShared(ctx context.Context) ([]BusyReason, error) {
	return s.busyShare.read(ctx, s.c, "", "busy reason list", s.BusyReasons)
}

// AllTrunkNumbersShared is AllTrunkNumbers shared by the data sources of
// a walk that ask for the same area code.
func (s *ReferenceService) AllTrunkNumbersShared(ctx context.Context, areaCode string) ([]TrunkNumber, error) {
	return s.trunkShare.read(ctx, s.c, areaCode, "trunk number list", func(ctx context.Context) ([]TrunkNumber, error) {
		return s.AllTrunkNumbers(ctx, areaCode)
	})
}

// ListShared is List, collected, shared by the data sources of a walk
// that ask with the same filter.
func (s *AgentsService) ListShared(ctx context.Context, f AgentFilter) ([]Agent, error) {
	return s.listShare.read(ctx, s.c, fmt.Sprintf("%#v", f), "agent list", func(ctx context.Context) ([]Agent, error) {
		return Collect(s.List(ctx, f))
	})
}

// ListShared is List, collected, shared by the data sources of a walk
// that ask with the same filter.
func (s *QueuesService) ListShared(ctx context.Context, f SkillGroupFilter) ([]SkillGroup, error) {
	return s.listShare.read(ctx, s.c, fmt.Sprintf("%#v", f), "skill group list", func(ctx context.Context) ([]SkillGroup, error) {
		return Collect(s.List(ctx, f))
	})
}
