package client_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// slowEdits makes every users/edit take d (the platform's latency), and
// counts the users/list calls.
func slowEdits(e *finderEnv, d time.Duration, lists *atomic.Int32) {
	h := func(_ http.ResponseWriter, r *http.Request) bool {
		switch {
		case strings.HasSuffix(r.URL.Path, "/users/edit"):
			time.Sleep(d)
		case strings.HasSuffix(r.URL.Path, "/users/list"):
			lists.Add(1)
		}
		return false
	}
	e.fail.Store(&h)
}

// likeAnApply runs update for each of n objects, ten at a time
// (Terraform's parallelism) and begun 4 ms apart, as Terraform's writes
// are, and fails t with every error update returned.
func likeAnApply(t *testing.T, n int, update func(i int) error) {
	t.Helper()
	slots := make(chan struct{}, 10)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-slots }()
			if err := update(i); err != nil {
				errs <- err
			}
		}()
		time.Sleep(4 * time.Millisecond)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestFinderReadBacksOfAnUpdateShareACall: an apply that changes one
// attribute of many agents (a for_each, Terraform's parallelism of 10)
// writes each and reads each back as its write ends. The read-backs of
// the writes in flight together go out as one users/list (finderHold):
// one call each, 20 agents cost 20 users/list. Each still reads what its
// write did (the role's name follows the role id the edit set).
//
// In a synctest bubble, on the simulator in process: the writes' 4 ms
// apart and 40 ms, and the finder's hold, are on the bubble's clock. On
// the wall clock a loaded machine spread the read-backs over more calls
// than the writes in flight together make ("6 users/list calls", "7", 2
// runs in 5 with 6 busy loops).
func TestFinderReadBacksOfAnUpdateShareACall(t *testing.T) {
	t.Parallel()
	synctest.Test(t, readBacksOfAnUpdateShareACall)
}

func readBacksOfAnUpdateShareACall(t *testing.T) {
	e := newBubbleFinderEnv(t)
	const n = 20
	o := e.seed(t, n, 0)
	c := e.client(t, nil)
	var lists atomic.Int32
	slowEdits(e, 40*time.Millisecond, &lists)
	likeAnApply(t, n, func(i int) error {
		id := o.agents[i]
		name := fmt.Sprintf("Renamed %d", i)
		if _, err := c.Agents.Update(t.Context(), id, client.AgentInput{UserName: &name, RoleID: ptr(int64(5))}); err != nil {
			return err
		}
		a, err := c.Agents.Get(t.Context(), id)
		switch {
		case err != nil:
			return err
		case string(a.UserName) != name || string(a.RoleName) != "Role 5":
			return fmt.Errorf("agent %d read back as %q, %q; want %q, %q", id, a.UserName, a.RoleName, name, "Role 5")
		}
		return nil
	})
	if got := lists.Load(); got > n/4 {
		t.Errorf("%d users/list calls to read back %d agents updated 10 at a time, want at most %d", got, n, n/4)
	}
}

// TestFinderHeldReadBackSeesLaterChanges: a read-back held for the writes
// in flight goes out after them, so it reads its own write and what anyone
// changed meanwhile (a person in the portal), never an answer from before.
func TestFinderHeldReadBackSeesLaterChanges(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	o := e.seed(t, 2, 0)
	c := e.client(t, nil)
	ctx := t.Context()
	release := make(chan struct{})
	var releaseOnce sync.Once
	let := func() { releaseOnce.Do(func() { close(release) }) }
	defer let()
	var lists atomic.Int32
	if _, err := c.Agents.Update(ctx, o.agents[0], client.AgentInput{RoleID: ptr(int64(5))}); err != nil {
		t.Fatal(err)
	}
	// Another write of the same client, in flight until released.
	var blocked atomic.Bool
	slow := func(_ http.ResponseWriter, r *http.Request) bool {
		switch {
		case strings.HasSuffix(r.URL.Path, "/users/edit") && blocked.CompareAndSwap(false, true):
			<-release
		case strings.HasSuffix(r.URL.Path, "/users/list"):
			lists.Add(1)
		}
		return false
	}
	e.fail.Store(&slow)
	other := make(chan error, 1)
	go func() {
		_, err := c.Agents.Update(ctx, o.agents[1], client.AgentInput{UserName: ptr("B")})
		other <- err
	}()
	for deadline := time.Now().Add(5 * time.Second); !blocked.Load(); {
		if time.Now().After(deadline) {
			t.Fatal("the other edit never reached the simulator")
		}
		time.Sleep(time.Millisecond)
	}
	got := make(chan *client.Agent, 1)
	go func() {
		a, err := c.Agents.Get(ctx, o.agents[0])
		if err != nil {
			t.Error(err)
		}
		got <- a
	}()
	time.Sleep(50 * time.Millisecond) // the read-back's window has passed: it is held
	if n := lists.Load(); n != 0 {
		t.Fatalf("%d users/list while a write was in flight, want the read-back held", n)
	}
	// Someone changes the agent in the portal meanwhile (outside this client).
	if _, err := e.c0.Agents.Update(ctx, o.agents[0], client.AgentInput{AgNickname: ptr("Changed outside")}); err != nil {
		t.Fatal(err)
	}
	let()
	if err := <-other; err != nil {
		t.Fatal(err)
	}
	a := <-got
	if a == nil {
		return
	}
	if string(a.RoleName) != "Role 5" || string(a.AgNickname) != "Changed outside" {
		t.Errorf("read back %q, nickname %q; want the write (Role 5) and the change made after it (Changed outside)", a.RoleName, a.AgNickname)
	}
	if n := lists.Load(); n != 1 {
		t.Errorf("%d users/list calls, want 1", n)
	}
}

// TestFinderHeldBatchFailsItsReadsOnly: a batch of read-backs whose call
// fails fails each read it served, with the API's error, and nothing
// else: the read-back of a write after it, and a second read of the same
// agents, call again and find them.
//
// In a synctest bubble on the simulator in process (newBubbleFinderEnv):
// the edits' 40 ms and the 10 ms between the two updates are on the
// bubble's clock. On the wall clock a loaded machine could let the first
// read-back's batch go before the second update had begun (it failed
// once at a load of 60).
func TestFinderHeldBatchFailsItsReadsOnly(t *testing.T) {
	t.Parallel()
	synctest.Test(t, heldBatchFailsItsReadsOnly)
}

func heldBatchFailsItsReadsOnly(t *testing.T) {
	e := newBubbleFinderEnv(t)
	o := e.seed(t, 3, 0)
	c := e.client(t, nil)
	ctx := t.Context()
	var lists, failed atomic.Int32
	h := func(w http.ResponseWriter, r *http.Request) bool {
		switch {
		case strings.HasSuffix(r.URL.Path, "/users/edit"):
			time.Sleep(40 * time.Millisecond)
		case strings.HasSuffix(r.URL.Path, "/users/list"):
			if lists.Add(1) == 1 {
				failed.Add(1)
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(`{"code":429001,"message":"quota exceeded for users/list"}`))
				return true
			}
		}
		return false
	}
	e.fail.Store(&h)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Agents.Update(ctx, o.agents[i], client.AgentInput{UserName: ptr("X")}); err != nil {
				errs[i] = err
				return
			}
			_, errs[i] = c.Agents.Get(ctx, o.agents[i])
		}()
		time.Sleep(10 * time.Millisecond)
	}
	wg.Wait()
	for i, err := range errs {
		if !client.HasCode(err, 429001) {
			t.Errorf("read-back %d: %v, want the failed call's error (code 429001)", i, err)
		}
	}
	if n := lists.Load(); n != 1 {
		t.Errorf("%d users/list calls for the two read-backs, want 1", n)
	}
	if _, err := c.Agents.Update(ctx, o.agents[2], client.AgentInput{UserName: ptr("Y")}); err != nil {
		t.Fatal(err)
	}
	if a, err := c.Agents.Get(ctx, o.agents[2]); err != nil || string(a.UserName) != "Y" {
		t.Errorf("read-back after the failed batch: %v, %v; want the agent named Y", a, err)
	}
	for _, id := range o.agents[:2] {
		if a, err := c.Agents.Get(ctx, id); err != nil || string(a.UserName) != "X" {
			t.Errorf("agent %d read again: %v, %v; want it named X", id, a, err)
		}
	}
}
