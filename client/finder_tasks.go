package client

import (
	"context"
	"sync"
	"time"
)

// Readers of a task that share a projects/detail answer (GetFor).
const (
	// TaskReaderRead is the resource's read: a refresh, a read-back.
	TaskReaderRead = "read"
	// TaskReaderDeleteCheck is the check a plan makes before deleting a
	// task (is it open?).
	TaskReaderDeleteCheck = "delete check"
)

// taskDetails shares projects/detail answers within one walk: the
// outbound tasks' finder (the rule is at the top of finder.go). A task
// has no read by ids and no list that carries it whole (§4.3:
// projects/lists, like projects/all, leaves out config,
// recall_strategies, worktime and assigned_users, which only detail has),
// so nothing batches: a read that no answer serves is one detail call.
// What a call read serves one read of each reader (GetFor) in the same
// client, that is the same walk, under the finders' terms: the call began
// in the current generation (after the client's last write had returned)
// less than finderTTL ago. A plan that refreshes a task and plans its
// delete reads it once, whichever comes first (Terraform 1.15 refreshes
// first; 1.11 plans the delete of an instance no longer in the
// configuration before it refreshes it).
type taskDetails struct {
	mu      sync.Mutex
	entries map[int64]taskDetail
}

// taskDetail is one detail answer, and the readers it served.
type taskDetail struct {
	task Task
	stamp
	served map[string]bool
}

// put records t, read by a call that began at s for reader ("" for Get,
// which serves no reader). A newer answer is never replaced by an older.
func (d *taskDetails) put(id int64, t *Task, s stamp, reader string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if e, ok := d.entries[id]; ok && e.at.After(s.at) {
		return
	}
	if d.entries == nil {
		d.entries = map[int64]taskDetail{}
	}
	d.entries[id] = taskDetail{task: *t, stamp: s, served: map[string]bool{reader: true}}
}

// drop forgets the answer for id read before s: a read begun at s failed
// (gone, or not known), so no older answer serves a reader.
func (d *taskDetails) drop(id int64, s stamp) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if e, ok := d.entries[id]; ok && !e.at.After(s.at) {
		delete(d.entries, id)
	}
}

// take returns a copy of the answer for id when it may serve reader: read
// in generation gen less than finderTTL before now, and not served to
// reader yet (a reader's second read calls again).
func (d *taskDetails) take(id int64, reader string, gen uint64, now time.Time) (*Task, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	e, ok := d.entries[id]
	if !ok || e.served[reader] || e.gen != gen || now.Sub(e.at) >= finderTTL {
		return nil, false
	}
	e.served[reader] = true
	t := e.task
	return &t, true
}

// GetFor is Get for a reader of the walk (TaskReaderRead,
// TaskReaderDeleteCheck): an answer this client read of the task serves
// it, once, when the call began after the client's last write and less
// than finderTTL ago; otherwise it reads (projects/detail). A refreshed
// plan destroying three tasks read six details: each refresh and each
// delete's check read the task. A FreshReads context (outside a refresh)
// always reads, and so does reader "" (Get). Each walk has its own
// client, so a change made between two plans is always read.
func (s *TasksService) GetFor(ctx context.Context, id int64, reader string) (*Task, error) {
	if reader != "" && !s.c.freshReads(ctx) {
		if t, ok := s.details.take(id, reader, s.c.gen.Load(), s.c.cfg.Now()); ok {
			return t, nil
		}
	}
	return s.get(ctx, id, reader)
}
