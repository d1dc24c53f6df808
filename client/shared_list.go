package client

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
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

// shareKey is the key of a filter (its JSON: what a pointer points to,
// not where).
func shareKey(f any) string {
	b, _ := json.Marshal(f)
	return string(b)
}

// ListSignaturesShared is ListSignatures, collected, shared by the data
// sources of a walk that ask with the same filter.
func (s *SMSService) ListSignaturesShared(ctx context.Context, f SMSSignatureFilter) ([]SMSSignature, error) {
	return s.signShare.read(ctx, s.c, shareKey(f), "SMS signature list", func(ctx context.Context) ([]SMSSignature, error) {
		return Collect(s.ListSignatures(ctx, f))
	})
}

// ListTemplatesShared is ListTemplates, collected, shared by the data
// sources of a walk that ask with the same filter.
func (s *SMSService) ListTemplatesShared(ctx context.Context, f SMSTemplateFilter) ([]SMSTemplate, error) {
	return s.tplShare.read(ctx, s.c, shareKey(f), "SMS template list", func(ctx context.Context) ([]SMSTemplate, error) {
		return Collect(s.ListTemplates(ctx, f))
	})
}

// ListShared is List, collected, shared by the data sources of a walk
// that ask with the same keyword (the sound type is kept from the list,
// as List does).
func (s *SoundsService) ListShared(ctx context.Context, f SoundFilter) ([]Sound, error) {
	all, err := s.listShare.read(ctx, s.c, f.Keyword, "voice file list", func(ctx context.Context) ([]Sound, error) {
		return Collect(s.List(ctx, SoundFilter{Keyword: f.Keyword}))
	})
	if f.SoundType != 0 {
		all = slices.DeleteFunc(all, func(snd Sound) bool { return int64(snd.SoundType) != f.SoundType })
	}
	return all, err
}

// ListShared is List, collected, shared by the data sources of a walk
// that ask with the same filter.
func (s *WebhooksService) ListShared(ctx context.Context, f WebhookFilter) ([]Webhook, error) {
	return s.listShare.read(ctx, s.c, shareKey(f), "webhook list", func(ctx context.Context) ([]Webhook, error) {
		return Collect(s.List(ctx, f))
	})
}

// ListShared is List, collected, shared by the data sources of a walk
// that ask the API the same (paused tasks are kept from the list of every
// status, as List does).
func (s *TasksService) ListShared(ctx context.Context, f TaskFilter) ([]Task, error) {
	paused := f.Status != nil && *f.Status == TaskStatusPaused
	if paused {
		f.Status = nil
	}
	all, err := s.listShare.read(ctx, s.c, shareKey(f), "outbound task list", func(ctx context.Context) ([]Task, error) {
		return Collect(s.List(ctx, f))
	})
	if paused {
		all = slices.DeleteFunc(all, func(t Task) bool { return t.Status == nil || t.Status.Int64() != TaskStatusPaused })
	}
	return all, err
}

// AllShared is All shared by the data sources of a walk that ask for the
// same type.
func (s *TasksService) AllShared(ctx context.Context, typ int64) ([]Task, error) {
	return s.allShare.read(ctx, s.c, strconv.FormatInt(typ, 10), "outbound task list (projects/all)", func(ctx context.Context) ([]Task, error) {
		return s.All(ctx, typ)
	})
}

// ListTemplatesShared is ListTemplates, collected, shared by the data
// sources of a walk that ask for the same enterprise.
func (s *GatewayService) ListTemplatesShared(ctx context.Context, vccID *int64) ([]GatewayTemplate, error) {
	return s.tplShare.read(ctx, s.c, shareKey(vccID), "gateway template list", func(ctx context.Context) ([]GatewayTemplate, error) {
		return Collect(s.ListTemplates(ctx, vccID))
	})
}

// ListSignaturesShared is ListSignatures, collected, shared by the data
// sources of a walk.
func (s *GatewayService) ListSignaturesShared(ctx context.Context) ([]GatewaySignature, error) {
	return s.signShare.read(ctx, s.c, "", "gateway signature list", func(ctx context.Context) ([]GatewaySignature, error) {
		return Collect(s.ListSignatures(ctx))
	})
}

// VirtualBindingsShared is VirtualBindings, collected, shared by the data
// sources of a walk that ask for the same virtual number.
func (s *ReferenceService) VirtualBindingsShared(ctx context.Context, virtual string) ([]string, error) {
	return s.bindShare.read(ctx, s.c, virtual, "virtual number bindings", func(ctx context.Context) ([]string, error) {
		return Collect(s.VirtualBindings(ctx, virtual))
	})
}

// NumberSelectionShared is NumberSelection shared by the data sources of
// a walk.
func (s *ReferenceService) NumberSelectionShared(ctx context.Context) (*NumberSelection, error) {
	got, err := s.phoneShare.read(ctx, s.c, "", "number selection", func(ctx context.Context) ([]NumberSelection, error) {
		ns, err := s.NumberSelection(ctx)
		if err != nil {
			return nil, err
		}
		return []NumberSelection{*ns}, nil
	})
	if err != nil || len(got) == 0 {
		return nil, err
	}
	return &got[0], nil
}
