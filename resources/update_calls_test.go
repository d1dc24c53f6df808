package resources_test

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// applyCalls applies configs over prior (acctest.Resources) and returns
// the API calls of the apply's walk alone, by endpoint (the plan's walk
// before it is left out).
func applyCalls(t *testing.T, env *acctest.Env, r *acctest.Resources, prior []acctest.Instance, configs []any) ([]acctest.Instance, map[string]int) {
	t.Helper()
	var before map[string]int
	pre := r.PreApply
	r.PreApply = func() {
		before = maps.Clone(env.Sim.Stats())
		if pre != nil {
			pre()
		}
	}
	defer func() { r.PreApply = nil }()
	out := r.Apply(prior, configs)
	calls := map[string]int{}
	for k, v := range env.Sim.Stats() {
		if d := v - before[k]; d > 0 {
			calls[k] = d
		}
	}
	return out, calls
}

// TestSkillGroupUpdateCalls: the apply of an edit of one skill group among
// 500 makes two queue/list calls: the edit's read of the values the group
// holds before its write, the first read of the apply's client, which reads
// the whole list (queue/list answers every group in one call, so the
// prefetch costs what the que_id filter does, and it serves every edit
// arriving before the first write lands), and the read back after the
// write, by que_id. Ten edits at once cost no more: one whole list for the
// reads before the writes, one for the read-backs together. Read by
// que_id, the reads before the writes cost one call more or two for the
// ten (an id batch closes after finderWindow, the prefetch takes every
// read until it lands), for no call less for the one.
//
// In a synctest bubble, on the simulator in process (acctest.NewInMemory):
// an id batch's window and the walk's reads run on the bubble's clock, so
// the count does not depend on the machine's load (at a load of 14 the ten
// edits' reads were split into 4 calls).
func TestSkillGroupUpdateCalls(t *testing.T) {
	t.Parallel()
	synctest.Test(t, skillGroupUpdateCalls)
}

func skillGroupUpdateCalls(t *testing.T) {
	var whole atomic.Int32
	env := acctest.NewInMemory(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/queue/list") {
				b, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(b))
				if q, _ := url.QueryUnescape(string(b)); !strings.Contains(q, "que_id") {
					whole.Add(1)
				}
			}
			h.ServeHTTP(w, r)
		})
	})
	c := env.Client(t)
	for i := range 500 {
		if _, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: fmt.Sprintf("Other %d", i), QuePriority: 1}); err != nil {
			t.Fatal(err)
		}
	}
	r := env.Resources(t, "contactcenter_skill_group")
	config := func(n, prio int) []any {
		var out []any
		for i := range n {
			out = append(out, r.Config(fmt.Sprintf("que_name = \"Support %d\"\nque_priority = %d\n", i, prio)))
		}
		return out
	}
	g := r.Apply(nil, config(1, 10))
	var before int32
	r.PreApply = func() { before = whole.Load() }
	g, calls := applyCalls(t, env, r, g, config(1, 11))
	t.Logf("update of 1 group among 501: %v, %d of the whole list", calls, whole.Load()-before)
	if n := calls[queueList]; n > 2 {
		t.Errorf("update of 1 group among 501: %d queue/list calls, want at most 2 (the read before the write, the read back)", n)
	}
	if n := whole.Load() - before; n > 1 {
		t.Errorf("update of 1 group among 501: %d queue/list calls read the whole list, want at most 1 (the read before the write)", n)
	}
	r.Destroy(g)

	g = r.Apply(nil, config(10, 10))
	g, calls = applyCalls(t, env, r, g, config(10, 11))
	t.Logf("update of 10 groups among 510: %v", calls)
	if n := calls[queueList]; n > 3 {
		t.Errorf("update of 10 groups among 510: %d queue/list calls, want at most 3 (the reads before the writes, the read-backs, with a margin for a read-back of its own)", n)
	}
	r.Destroy(g)
}

const queueList = "POST /portal/v2/svcapi/queue/list"

// TestOutboundTaskUpdateCalls: an edit of an outbound task reads it with
// projects/detail three times, each needed: the plan's refresh (its own
// walk), the apply's read of the values the task holds before the write
// (updateOrCreate replaces every field and writes a status, closed when
// left out, §2.7: without it, a status opened in the portal since the
// plan, a portal edit under ignore_changes and its option types were
// written back, TestAccOutboundTask_openedAfterPlanStaysOpen,
// _portalEditAfterPlanKept, _portalConfigKeptWithTypedOptions), and the
// read back after the write (updated_at, which the platform sets, and what
// it took of the values: SaveAndReadBack). Opening a task alone writes no
// edit and reads it once, back.
func TestOutboundTaskUpdateCalls(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_outbound_task")
	config := func(name, status string) []any {
		return []any{r.Config(fmt.Sprintf("name = %q\ntype = 3\ntrans_to = \"ivr_main\"\nstatus = %q\n", name, status))}
	}
	const detail = "GET /autocall/api/v3/projects/detail"
	task := r.Apply(nil, config("Reminders", "paused"))
	for _, step := range []struct {
		name, task, status string
		apply, all         int
	}{
		{"rename", "Reminders 2", "paused", 2, 3},
		{"open", "Reminders 2", "open", 1, 2},
		{"rename, open", "Reminders 3", "open", 2, 3},
		{"rename and pause", "Reminders 4", "paused", 2, 3},
	} {
		before := maps.Clone(env.Sim.Stats())
		var calls map[string]int
		task, calls = applyCalls(t, env, r, task, config(step.task, step.status))
		all := env.Sim.Stats()[detail] - before[detail]
		t.Logf("%s: apply %v; projects/detail in the plan and the apply: %d", step.name, calls, all)
		if calls[detail] > step.apply || all > step.all {
			t.Errorf("%s: %d projects/detail calls in the apply, %d with the plan's, want at most %d and %d", step.name, calls[detail], all, step.apply, step.all)
		}
	}
	r.Destroy(task)
}
