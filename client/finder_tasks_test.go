package client_test

import (
	"sync"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

const tasksDetail = "GET /autocall/api/v3/projects/detail"

// newTasks makes n paused automatic tasks through the setup client.
func (e *finderEnv) newTasks(t *testing.T, n int) []int64 {
	t.Helper()
	var ids []int64
	for i := range n {
		id, err := e.c0.Tasks.Create(t.Context(), client.Task{Name: client.FlexString("T" + string(rune('a'+i))),
			Type: client.FlexInt(client.TaskTypeAutomatic), TransTo: ptrFlexString("ivr-1"), Status: ptrFlexInt(client.TaskStatusPaused)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

func ptrFlexString(s string) *client.FlexString { v := client.FlexString(s); return &v }
func ptrFlexInt(n int64) *client.FlexInt        { v := client.FlexInt(n); return &v }

// TestTaskFinderSharesDetail: a plan that refreshes a task and checks it
// before deleting it read projects/detail twice; one answer serves both
// readers, whichever reads first (Terraform 1.15 refreshes first, 1.11
// checks an instance removed from the configuration first). A reader's
// second read calls again, and Get always calls.
func TestTaskFinderSharesDetail(t *testing.T) {
	e := newFinderEnv(t)
	ids := e.newTasks(t, 3)
	c := e.client(t, nil)
	before := e.sim.Stats()
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() {
			first, second := client.TaskReaderRead, client.TaskReaderDeleteCheck
			if i%2 == 1 {
				first, second = second, first
			}
			for _, r := range []string{first, second} {
				tk, err := c.Tasks.GetFor(t.Context(), id, r)
				if err != nil || tk.ID.Int64() != id || tk.Status == nil || tk.Status.Int64() != client.TaskStatusPaused {
					t.Errorf("task %d for %s: %+v, %v", id, r, tk, err)
				}
			}
		})
	}
	wg.Wait()
	if n := e.calls(before)[tasksDetail]; n != 3 {
		t.Errorf("3 tasks read by a refresh and a delete check: %d details, want 3", n)
	}
	before = e.sim.Stats()
	if _, err := c.Tasks.GetFor(t.Context(), ids[0], client.TaskReaderDeleteCheck); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Tasks.Get(t.Context(), ids[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Tasks.Get(t.Context(), ids[1]); err != nil {
		t.Fatal(err)
	}
	if n := e.calls(before)[tasksDetail]; n != 3 {
		t.Errorf("a second check and two Gets: %d details, want 3 (each calls)", n)
	}
	// A FreshReads context outside a refresh calls, even for a reader the
	// answer has not served.
	if _, err := c.Tasks.GetFor(t.Context(), ids[2], client.TaskReaderRead); err != nil {
		t.Fatal(err)
	}
	before = e.sim.Stats()
	if _, err := c.Tasks.GetFor(client.FreshReads(t.Context()), ids[2], client.TaskReaderDeleteCheck); err != nil {
		t.Fatal(err)
	}
	if n := e.calls(before)[tasksDetail]; n != 1 {
		t.Errorf("a FreshReads check: %d details, want 1", n)
	}
}

// TestTaskFinderFreshness: an answer serves no read after a write through
// the client, nor one finderTTL later, nor any read of another client (the
// next walk sees what changed or was deleted out of band), nor a read
// after a later read of the task failed.
func TestTaskFinderFreshness(t *testing.T) {
	e := newFinderEnv(t)
	ids := e.newTasks(t, 3)
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	c := e.client(t, clock)
	status := func(c *client.Client, id int64, r string) int64 {
		t.Helper()
		tk, err := c.Tasks.GetFor(t.Context(), id, r)
		if err != nil || tk.Status == nil {
			t.Fatalf("task %d for %s: %+v, %v", id, r, tk, err)
		}
		return tk.Status.Int64()
	}

	// A write through the client (any kind) ends what was read before it.
	status(c, ids[0], client.TaskReaderRead)
	if err := c.Tasks.SetStatus(t.Context(), ids[0], client.TaskStatusOpen); err != nil {
		t.Fatal(err)
	}
	before := e.sim.Stats()
	if s := status(c, ids[0], client.TaskReaderDeleteCheck); s != client.TaskStatusOpen {
		t.Errorf("the check after the client opened the task read status %d, want 1 (open)", s)
	}
	if n := e.calls(before)[tasksDetail]; n != 1 {
		t.Errorf("the check after a write: %d details, want 1", n)
	}

	// finderTTL bounds an answer's life.
	status(c, ids[1], client.TaskReaderRead)
	mu.Lock()
	now = now.Add(3 * time.Minute)
	mu.Unlock()
	before = e.sim.Stats()
	status(c, ids[1], client.TaskReaderDeleteCheck)
	if n := e.calls(before)[tasksDetail]; n != 1 {
		t.Errorf("the check 3 minutes after the read: %d details, want 1", n)
	}

	// Changed and deleted out of band between two walks: the next walk's
	// client reads both (the first walk's refresh served no check).
	walk := e.client(t, nil)
	status(walk, ids[2], client.TaskReaderRead)
	status(walk, ids[1], client.TaskReaderRead)
	if err := e.c0.Tasks.SetStatus(t.Context(), ids[2], client.TaskStatusOpen); err != nil {
		t.Fatal(err)
	}
	if err := e.c0.Tasks.Delete(t.Context(), []int64{ids[1]}, true); err != nil {
		t.Fatal(err)
	}
	next := e.client(t, nil)
	if s := status(next, ids[2], client.TaskReaderDeleteCheck); s != client.TaskStatusOpen {
		t.Errorf("the next walk's check of a task opened out of band read status %d, want 1 (open)", s)
	}
	if _, err := next.Tasks.GetFor(t.Context(), ids[1], client.TaskReaderDeleteCheck); !client.IsNotFound(err) {
		t.Errorf("the next walk's check of a task deleted out of band: %v, want not found", err)
	}

	// A read that found the task gone ends the answer read before it.
	status(next, ids[0], client.TaskReaderRead)
	if err := e.c0.Tasks.Delete(t.Context(), []int64{ids[0]}, true); err != nil {
		t.Fatal(err)
	}
	if _, err := next.Tasks.Get(t.Context(), ids[0]); !client.IsNotFound(err) {
		t.Fatalf("Get of a deleted task: %v", err)
	}
	if _, err := next.Tasks.GetFor(t.Context(), ids[0], client.TaskReaderDeleteCheck); !client.IsNotFound(err) {
		t.Errorf("the check after a read found the task gone: %v, want not found (not the older answer)", err)
	}
}
