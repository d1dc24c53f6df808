package client_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestFinderLookupsAfterTTLShareReads: the first plan of an exported
// center imports each skill group by its name (que_name:<name>), and the
// lookups share one read of the group list, for finderTTL. A plan that
// lasts longer (3,731 imports on a busy machine took 6 minutes) made one
// queue/list per group imported after that: 139 calls for 300 groups,
// where reads by id read the list again. A lookup after the answer
// expired now reads the list again too, which the lookups of that window
// share.
func TestFinderLookupsAfterTTLShareReads(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	const n = 200
	want := map[string]string{}
	var names []string
	for i := range n {
		name := fmt.Sprintf("Team %d", i)
		id, err := e.c0.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 1})
		if err != nil {
			t.Fatal(err)
		}
		want[name], names = id, append(names, name)
	}
	var mu sync.Mutex
	now := time.Now()
	c := e.client(t, func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	lookup := func(part []string) {
		t.Helper()
		var wg sync.WaitGroup
		ch := make(chan string)
		for range 10 {
			wg.Go(func() {
				for name := range ch {
					g, err := c.Queues.FindByName(t.Context(), name)
					if err != nil || g == nil || string(g.ID) != want[name] {
						t.Errorf("%q: got %+v, %v, want group %s", name, g, err, want[name])
					}
				}
			})
		}
		for _, name := range part {
			ch <- name
		}
		close(ch)
		wg.Wait()
	}
	before := e.sim.Stats()
	lookup(names[:n/2])
	if got := e.calls(before)[queueList]; got != 1 {
		t.Errorf("first %d lookups: %d queue/list calls, want 1", n/2, got)
	}
	for w := 1; w <= 2; w++ {
		mu.Lock()
		now = now.Add(3 * time.Minute)
		mu.Unlock()
		before = e.sim.Stats()
		lookup(names[n/2+(w-1)*n/4 : n/2+w*n/4])
		if got := e.calls(before)[queueList]; got != 1 {
			t.Errorf("%d lookups %d minutes later: %d queue/list calls, want 1 (the list read again, once)", n/4, 3*w, got)
		}
	}
}
