package client_test

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// A refresh after tasks were deleted in the portal asks, for each, whether
// the listing still holds it (its detail answers "object does not exist"):
// the checks asking together share reads of the listing. Each paged the
// whole listing on its own: 30 deleted tasks cost 30 projects/lists calls.
//
// In a synctest bubble on the simulator in process (inProcessClient): the
// detail reads' hold (until all 30 have come, or 5 s) and the listing's
// 100 ms are on the bubble's clock, where a loaded machine cannot let the
// hold's 5 s pass before the last read arrives.
func TestTaskGoneChecksShareListReads(t *testing.T) {
	t.Parallel()
	synctest.Test(t, taskGoneChecksShareListReads)
}

func taskGoneChecksShareListReads(t *testing.T) {
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	portal := inProcessClient(t, sim)
	ctx := t.Context()
	var gone []int64
	for i := range 40 {
		id, err := portal.Tasks.Create(ctx, client.Task{Name: client.FlexString(fmt.Sprintf("Task %d", i)), Type: 3})
		if err != nil {
			t.Fatal(err)
		}
		if i < 30 {
			gone = append(gone, id)
		}
	}
	if err := portal.Tasks.Delete(ctx, gone, true); err != nil {
		t.Fatal(err)
	}
	const listPath = "GET /autocall/api/v3/projects/lists"
	before := sim.Stats()[listPath]

	// The provider's, in the next plan: its 30 detail reads are answered
	// together, as a refresh's are when they arrive together (held until
	// all have come, or a few seconds), so that the count does not follow
	// the machine's load.
	var arrived sync.WaitGroup
	arrived.Add(len(gone))
	all := make(chan struct{})
	go func() { arrived.Wait(); close(all) }()
	c := inProcessClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/projects/detail") {
			arrived.Done()
			select {
			case <-all:
			case <-time.After(5 * time.Second):
			}
		}
		if strings.HasSuffix(r.URL.Path, "/projects/lists") {
			time.Sleep(100 * time.Millisecond) // a platform's time to answer: the checks coming meanwhile share the next read
		}
		sim.ServeHTTP(w, r)
	}))
	var wg sync.WaitGroup
	errs := make([]error, len(gone))
	for i, id := range gone {
		wg.Go(func() { _, errs[i] = c.Tasks.Get(ctx, id) })
	}
	wg.Wait()
	for i, err := range errs {
		if !client.IsNotFound(err) {
			t.Errorf("task %d deleted in the portal: want not found, got %v", gone[i], err)
		}
	}
	lists := sim.Stats()[listPath] - before
	t.Logf("%d projects/lists calls", lists)
	if lists == 0 || lists > 4 {
		t.Errorf("30 deleted tasks cost %d projects/lists calls; want the checks to share reads (at most 4)", lists)
	}
}

// A check shares only a read of the listing begun after it asked: a read
// in flight began before, and may hold a task deleted since.
//
// In a synctest bubble, on the simulator in process: the first read is
// released once the second check has done all it can before it lands
// (synctest.Wait), where a 200 ms sleep let a slow check ask after the
// release, and the test then passed without the two meeting.
func TestTaskGoneCheckWaitsForALaterListRead(t *testing.T) {
	t.Parallel()
	synctest.Test(t, taskGoneCheckWaitsForALaterListRead)
}

func taskGoneCheckWaitsForALaterListRead(t *testing.T) {
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	portal := inProcessClient(t, sim)
	ctx := t.Context()
	first, err := portal.Tasks.Create(ctx, client.Task{Name: "Deleted first", Type: 3})
	if err != nil {
		t.Fatal(err)
	}
	later, err := portal.Tasks.Create(ctx, client.Task{Name: "Deleted later", Type: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := portal.Tasks.Delete(ctx, []int64{first}, true); err != nil {
		t.Fatal(err)
	}

	// The first listing read is answered by the platform at once but
	// reaches the client only once released: it holds "Deleted later".
	answered, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/projects/lists") {
			sim.ServeHTTP(w, r)
			return
		}
		held := true
		once.Do(func() { held = false })
		if held {
			sim.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		sim.ServeHTTP(rec, r)
		close(answered)
		<-release
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(bytes.Clone(rec.Body.Bytes()))
	})
	c := inProcessClient(t, h)

	firstErr := make(chan error, 1)
	go func() { _, err := c.Tasks.Get(ctx, first); firstErr <- err }()
	<-answered
	if err := portal.Tasks.Delete(ctx, []int64{later}, true); err != nil {
		t.Fatal(err)
	}
	laterErr := make(chan error, 1)
	go func() { _, err := c.Tasks.Get(ctx, later); laterErr <- err }()
	// Let the second check ask while the first read is still in flight.
	for sim.Stats()["GET /autocall/api/v3/projects/detail"] < 2 {
		select {
		case err := <-laterErr:
			t.Fatalf("the second check ended before the first listing read landed: %v", err)
		default:
		}
		runtime.Gosched()
	}
	synctest.Wait() // its check has asked, and waits
	close(release)
	if err := <-firstErr; !client.IsNotFound(err) {
		t.Errorf("task deleted before: want not found, got %v", err)
	}
	if err := <-laterErr; !client.IsNotFound(err) {
		t.Errorf("task deleted while the first listing read was in flight: want not found from a later read, got %v", err)
	}
}

// A task whose detail answers "object does not exist" while the listing
// that would confirm it cannot be read is not taken for gone: the refresh
// dropped it, and the next plan created it again.
func TestTaskGoneNotConfirmedWhenTheListingFails(t *testing.T) {
	t.Parallel()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	portal := taskTestClient(t, sim)
	id, err := portal.Tasks.Create(t.Context(), client.Task{Name: "Reminders", Type: 3})
	if err != nil {
		t.Fatal(err)
	}
	c := taskTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, "/projects/detail"):
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"code":404,"message":"project does not exist"}`))
		case strings.HasSuffix(r.URL.Path, "/projects/lists"):
			w.WriteHeader(http.StatusBadGateway)
		default:
			sim.ServeHTTP(w, r)
		}
	}))
	_, err = c.Tasks.Get(t.Context(), id)
	var still *client.StillListedError
	if client.IsNotFound(err) || !errors.As(err, &still) || still.ListErr == nil {
		t.Fatalf("detail 404, listing failing: want a StillListedError with the listing's failure, not gone; got %v", err)
	}
	if !strings.Contains(err.Error(), "reading projects/lists to confirm that task") || !strings.Contains(err.Error(), "run again") {
		t.Errorf("error %q", err)
	}
}
