package client_test

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// pathCounter is a simulator whose calls ending in suffix are counted.
type pathCounter struct {
	sim    *simulator.Server
	suffix string
	calls  atomic.Int64
}

func (h *pathCounter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, h.suffix) {
		h.calls.Add(1)
	}
	h.sim.ServeHTTP(w, r)
}

// TestSharedListsKeepTheirFilters: data sources reading one list with
// different filters at once get what an unshared read of each filter
// answers, in one call per filter the API is given: a filter the client
// applies to the list it read (a voice file's sound_type, a paused task)
// shares the call of the filters the API is given; a filter held by a
// pointer (a state) is told by its value.
func TestSharedListsKeepTheirFilters(t *testing.T) {
	t.Parallel()
	one, zero := int64(1), int64(0)
	paused, open := client.TaskStatusPaused, client.TaskStatusOpen
	cases := []struct {
		name, suffix string
		// reads are the filters read at once, shared and then unshared
		// (want); calls is the shared reads' calls.
		shared, direct []func(ctx context.Context, c *client.Client) (any, error)
		calls          int64
	}{}
	sig := func(f client.SMSSignatureFilter) (func(ctx context.Context, c *client.Client) (any, error), func(ctx context.Context, c *client.Client) (any, error)) {
		return func(ctx context.Context, c *client.Client) (any, error) {
				return c.SMS.ListSignaturesShared(client.DataSourceReads(ctx), f)
			}, func(ctx context.Context, c *client.Client) (any, error) {
				return client.Collect(c.SMS.ListSignatures(ctx, f))
			}
	}
	snd := func(f client.SoundFilter) (func(ctx context.Context, c *client.Client) (any, error), func(ctx context.Context, c *client.Client) (any, error)) {
		return func(ctx context.Context, c *client.Client) (any, error) {
				return c.Sounds.ListShared(client.DataSourceReads(ctx), f)
			}, func(ctx context.Context, c *client.Client) (any, error) {
				return client.Collect(c.Sounds.List(ctx, f))
			}
	}
	task := func(f client.TaskFilter) (func(ctx context.Context, c *client.Client) (any, error), func(ctx context.Context, c *client.Client) (any, error)) {
		return func(ctx context.Context, c *client.Client) (any, error) {
				return c.Tasks.ListShared(client.DataSourceReads(ctx), f)
			}, func(ctx context.Context, c *client.Client) (any, error) {
				return client.Collect(c.Tasks.List(ctx, f))
			}
	}
	add := func(name, suffix string, calls int64, pairs ...[2]func(ctx context.Context, c *client.Client) (any, error)) {
		c := struct {
			name, suffix   string
			shared, direct []func(ctx context.Context, c *client.Client) (any, error)
			calls          int64
		}{name: name, suffix: suffix, calls: calls}
		for _, p := range pairs {
			c.shared, c.direct = append(c.shared, p[0]), append(c.direct, p[1])
		}
		cases = append(cases, c)
	}
	pair := func(a, b func(ctx context.Context, c *client.Client) (any, error)) [2]func(ctx context.Context, c *client.Client) (any, error) {
		return [2]func(ctx context.Context, c *client.Client) (any, error){a, b}
	}
	p1s, p1d := sig(client.SMSSignatureFilter{State: &one})
	p1bs, p1bd := sig(client.SMSSignatureFilter{State: new(int64(1))})
	p0s, p0d := sig(client.SMSSignatureFilter{State: &zero})
	add("sms signatures by state", "/sms/sign/list", 2, pair(p1s, p1d), pair(p1bs, p1bd), pair(p0s, p0d))
	var sounds [][2]func(ctx context.Context, c *client.Client) (any, error)
	for typ := range int64(7) {
		s, d := snd(client.SoundFilter{SoundType: typ})
		sounds = append(sounds, pair(s, d))
	}
	add("sounds by type", "/sound/list", 1, sounds...)
	ps, pd := task(client.TaskFilter{Type: 3, Status: &paused})
	as, ad := task(client.TaskFilter{Type: 3})
	os, od := task(client.TaskFilter{Type: 3, Status: &open})
	add("tasks by status", "/projects/lists", 2, pair(ps, pd), pair(as, ad), pair(os, od))

	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// In a testing/synctest bubble, the client calling the
			// simulator in process: the reads "at once" join one call
			// within finderWindow (2 ms), which goroutines started at once
			// on a loaded machine did not always do on the wall clock
			// ("7 reads at once: 2 calls, want 1" in .ci/run).
			synctest.Test(t, func(t *testing.T) {
				sim, err := simulator.New(simulator.Options{})
				if err != nil {
					t.Fatal(err)
				}
				h := &pathCounter{sim: sim, suffix: tc.suffix}
				cfg := client.Config{AppID: "sim-app", AppKey: "sim-key", MaxRetries: 0}
				c := bubbleClient(t, h, cfg)
				sharedListsSeed(t, sim, bubbleClient(t, sim, cfg))
				h.calls.Store(0)
				got := make([]any, len(tc.shared))
				errs := make([]error, len(tc.shared))
				var wg sync.WaitGroup
				for i, read := range tc.shared {
					wg.Go(func() { got[i], errs[i] = read(t.Context(), c) })
				}
				wg.Wait()
				keepsFilters(t, c, h.calls.Load(), tc.calls, tc.direct, got, errs)
			})
		})
	}
}

// keepsFilters checks the shared reads' answers (got, errs) against what
// unshared reads (direct) answer, and their calls against want.
func keepsFilters(t *testing.T, c *client.Client, calls, want int64, direct []func(ctx context.Context, c *client.Client) (any, error), got []any, errs []error) {
	t.Helper()
	if calls != want {
		t.Errorf("%d reads at once: %d calls, want %d (one per filter the API is given)", len(direct), calls, want)
	}
	sizes := map[int]bool{}
	for i, read := range direct {
		want, err := read(t.Context(), c)
		if err != nil || errs[i] != nil {
			t.Fatalf("read %d: %v, %v", i, errs[i], err)
		}
		// An empty list is nil or not as it comes; the data sources make
		// both an empty list.
		n := reflect.ValueOf(want).Len()
		if !reflect.DeepEqual(got[i], want) && (n != 0 || reflect.ValueOf(got[i]).Len() != 0) {
			t.Errorf("read %d shared: %v\nwant (unshared): %v", i, got[i], want)
		}
		sizes[n] = true
	}
	if len(sizes) < 2 {
		t.Errorf("the filters' lists are all of sizes %v: the test needs them apart", sizes)
	}
}

// sharedListsSeed makes, through c, a client of its own, SMS signatures
// (one approved), voice files of three types and automatic tasks (one
// paused).
func sharedListsSeed(t *testing.T, sim *simulator.Server, c *client.Client) {
	t.Helper()
	for i, text := range []string{"Acme", "Globex", "Initech"} {
		sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: text})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if err := sim.Review("sms_signature", fmt.Sprint(sg.ID.Int64()), 1, ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	wav := []byte("RIFF\x04\x00\x00\x00WAVEdata")
	for i, typ := range []int64{1, 1, 3, 5} {
		if _, _, err := c.Sounds.Upload(t.Context(), client.SoundInput{Name: fmt.Sprintf("s%d", i), SoundType: typ, FileName: fmt.Sprintf("s%d.wav", i), Content: wav}); err != nil {
			t.Fatal(err)
		}
	}
	for i, st := range []int64{client.TaskStatusPaused, client.TaskStatusOpen, client.TaskStatusOpen} {
		s := client.FlexInt(st)
		ivr := client.FlexString("ivr-1")
		if _, err := c.Tasks.Create(t.Context(), client.Task{Name: client.FlexString(fmt.Sprintf("T%d", i)), Type: client.FlexInt(client.TaskTypeAutomatic), TransTo: &ivr, Status: &s}); err != nil {
			t.Fatal(err)
		}
	}
}
