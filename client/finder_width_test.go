package client_test

import (
	"sync"
	"testing"
)

// readAtWidth reads ids through read with width readers at a time, as a
// Terraform walk with -parallelism=width does: each reader takes the next
// id when its read returns.
func readAtWidth(t *testing.T, width int, ids []int64, read func(int64) error) {
	t.Helper()
	ch := make(chan int64)
	var wg sync.WaitGroup
	for range width {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range ch {
				if err := read(id); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	for _, id := range ids {
		ch <- id
	}
	close(ch)
	wg.Wait()
}

// TestFinderCallsDoNotDependOnParallelism: the calls of a refresh do not
// depend on Terraform's -parallelism (the rule in README.md, "A refresh
// costs about a list call per 500 objects"). A refresh of 1,000 agents
// (the prefetch: two pages) and of 3,000 (past five pages: the first
// page, six calls by ids, then the whole list, ski rental) costs the same
// users/list calls read one at a time, two at a time, at the default 10
// and at 32 and 100: no batch window that closes before the others come
// costs a call more, and no prefetch is issued twice.
func TestFinderCallsDoNotDependOnParallelism(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ n, want int }{{1000, 2}, {3000, 13}} {
		e := newFinderEnv(t)
		e.seedAgents(t, tc.n)
		ids := make([]int64, tc.n)
		for i := range ids {
			ids[i] = int64(20000 + i)
		}
		for _, width := range []int{1, 2, 10, 32, 100} {
			c := e.client(t, nil)
			before := e.sim.Stats()
			readAtWidth(t, width, ids, func(id int64) error {
				_, err := c.Agents.Get(t.Context(), id)
				return err
			})
			if got := e.calls(before)[usersList]; got != tc.want {
				t.Errorf("refresh of %d agents at -parallelism=%d: %d users/list calls, want %d (as at any other width)", tc.n, width, got, tc.want)
			}
		}
	}
}
