package client_test

import (
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestFinderReadsAfterWritesShareTheNextList: reads back after creates
// (Terraform's create: write, then read) that arrive while a list read
// begun before their writes is in flight wait for it to land and share
// the one read begun after it, which sees all their writes. Each began its
// own read of the whole list: 200 webhooks created in one apply cost 289
// webhook/lists calls besides their 200 lookups.
//
// In a synctest bubble on the simulator in process (newBubbleFinderEnv):
// the 5 reads have queued behind the held list before it is released
// whatever the machine's load; on the wall clock a read the scheduler
// started more than 100 ms late began after the release, the case of
// "3 users/list calls, want at most 2" in TestFinderAfterWriteBatchesByIDs.
func TestFinderReadsAfterWritesShareTheNextList(t *testing.T) {
	t.Parallel()
	synctest.Test(t, finderReadsAfterWritesShareTheNextList)
}

func finderReadsAfterWritesShareTheNextList(t *testing.T) {
	e := newBubbleFinderEnv(t)
	c := e.client(t, nil)
	ctx := t.Context()
	release := make(chan struct{})
	var whole atomic.Int32 // unfiltered webhook/lists calls: reads, not a create's lookups
	hook := func(_ http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path == "/autocall/api/v3/webhook/lists" && r.URL.Query().Get("name") == "" {
			if whole.Add(1) == 1 {
				<-release
			}
		}
		return false
	}
	e.fail.Store(&hook)

	create := func(i int) int64 {
		w, err := c.Webhooks.Create(ctx, client.WebhookInput{Name: fmt.Sprintf("W%d", i), URL: "https://example.com/x"})
		if err != nil {
			t.Error(err)
			return 0
		}
		return w.ID.Int64()
	}
	var wg sync.WaitGroup
	read := func(id int64) {
		defer wg.Done()
		if w, err := c.Webhooks.Get(ctx, id); err != nil || w.ID.Int64() != id {
			t.Errorf("read back webhook %d: %v, %v", id, w, err)
		}
	}
	first := create(0)
	wg.Add(1)
	go read(first) // its list is held at the server
	for whole.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	for i := 1; i <= 5; i++ {
		id := create(i) // a write: the list in flight began before it
		wg.Add(1)
		go read(id)
	}
	time.Sleep(100 * time.Millisecond)
	if n := whole.Load(); n != 1 {
		t.Errorf("while the first list read was in flight, the 5 reads after later writes sent %d more; want none: they wait for it and share the next", n-1)
	}
	close(release)
	wg.Wait()
	if n := whole.Load(); n != 2 {
		t.Errorf("6 reads back after creates: %d webhook/lists calls, want 2 (the one in flight, then one for the 5 after it)", n)
	}
}
