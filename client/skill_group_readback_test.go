package client_test

import (
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestSkillGroupReadBackSeesChangeOutOfBand: a skill group changed in the
// portal between this client's write and its read back is read back as the
// portal left it, whether the read back goes out alone (queue/list by
// que_id) or with others (the whole list, one call): the batch's call
// begins after the reads it serves were asked.
func TestSkillGroupReadBackSeesChangeOutOfBand(t *testing.T) {
	t.Parallel()
	for _, together := range []int{1, 5} {
		t.Run(fmt.Sprintf("together=%d", together), func(t *testing.T) {
			t.Parallel()
			c, sim := taskSimClient(t)
			portal := taskTestClient(t, sim)
			ctx := t.Context()
			var ids []int64
			for i := range together + 1 {
				id, err := portal.Queues.Create(ctx, client.SkillGroupInput{QueName: fmt.Sprintf("group %d", i), QuePriority: 10})
				if err != nil {
					t.Fatal(err)
				}
				n, _ := strconv.ParseInt(id, 10, 64)
				ids = append(ids, n)
			}
			// The client's first read, of another group, reads the whole
			// list (the prefetch): it holds the groups written below, as
			// they were before their writes.
			if _, err := c.Queues.Get(ctx, ids[together]); err != nil {
				t.Fatal(err)
			}
			ids = ids[:together]
			for i, id := range ids {
				if err := c.Queues.Update(ctx, id, client.SkillGroupInput{QueName: fmt.Sprintf("group %d", i), QuePriority: 20, QueTime: ptr(int64(100))}); err != nil {
					t.Fatal(err)
				}
			}
			if err := portal.Queues.Update(ctx, ids[0], client.SkillGroupInput{QueName: "group 0", QuePriority: 20, QueTime: ptr(int64(150))}); err != nil {
				t.Fatal(err)
			}
			got := make([]*client.SkillGroup, together)
			var wg sync.WaitGroup
			for i, id := range ids {
				wg.Add(1)
				go func() {
					defer wg.Done()
					g, err := c.Queues.Get(ctx, id)
					if err != nil {
						t.Error(err)
					}
					got[i] = g
				}()
			}
			wg.Wait()
			if g := got[0]; g != nil && (int64(g.QueTime) != 150 || int64(g.QuePriority) != 20) {
				t.Errorf("read back que_time %d, priority %d; want the portal's change made after the write (150) and the write's priority (20)", int64(g.QueTime), int64(g.QuePriority))
			}
			for i, g := range got[1:] {
				if g != nil && (int64(g.QueTime) != 100 || int64(g.QuePriority) != 20) {
					t.Errorf("group %d read back que_time %d, priority %d; want its write (100, 20)", i+1, int64(g.QueTime), int64(g.QuePriority))
				}
			}
		})
	}
}
