package resources_test

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// failingWrites answers the membership writes it is told to fail without
// passing them to the simulator (nothing is written): "503" with HTTP 503,
// "drop" by closing the connection without an answer. readsFail fails
// every queue/get/agents once a failed write was seen.
type failingWrites struct {
	mu        sync.Mutex
	mode      map[string]string // path suffix → "503" or "drop"
	readsFail bool
	failed    bool
}

func (f *failingWrites) set(suffix, mode string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.mode == nil {
		f.mode = map[string]string{}
	}
	f.mode[suffix] = mode
}

func (f *failingWrites) reset() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.mode, f.readsFail, f.failed = nil, false, false
}

func (f *failingWrites) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		mode := ""
		for suffix, m := range f.mode {
			if strings.HasSuffix(r.URL.Path, suffix) {
				mode = m
			}
		}
		if mode != "" {
			f.failed = true
		} else if f.readsFail && f.failed && strings.HasSuffix(r.URL.Path, "/queue/get/agents") {
			mode = "503"
		}
		f.mu.Unlock()
		switch mode {
		case "503":
			http.Error(w, "simulated server fault", http.StatusServiceUnavailable)
		case "drop":
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				_ = conn.Close()
			}
		default:
			h.ServeHTTP(w, r)
		}
	})
}

// A membership write that fails without a known outcome is sent again only
// after the group's membership is read back and does not show it, three
// times at most. Its error said "The service failed; retrying later may
// succeed (max_retries controls automatic retries of safe calls)", as if
// sent once, pointing at a setting that does not govern those sends, and,
// the connection dropped, "after a write, check first whether it took
// effect", though it had been checked. It now counts the sends, says the
// membership was read back and did not hold the change, and that applying
// again is safe; the next apply, the faults gone, succeeds. In process on
// the simulator (acctest.Resources), the writes failed by a handler that
// never passes them on.
func TestSkillGroupMember_unsettledWriteSaysWhatWasDone(t *testing.T) {
	t.Parallel()
	var faults failingWrites
	env := acctest.NewWithHandler(t, faults.wrap)
	_, c, gid, agents := membershipSeededOn(t, env)
	r := env.Resources(t, "contactcenter_skill_group_member")
	member := func(agent string, skill int) any {
		return map[string]any{"que_id": gid, "agent_id": strconv.FormatInt(agents[agent], 10), "skill": skill}
	}
	stat := func(path string) int { return env.Sim.Stats()["POST /portal/v2/svcapi/queue/"+path] }
	check := func(step string, err error, want, wantNot []string) {
		t.Helper()
		if err == nil {
			t.Fatalf("%s: the apply succeeded, want an error", step)
		}
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: the error does not say %q:\n%v", step, w, err)
			}
		}
		for _, w := range wantNot {
			if strings.Contains(err.Error(), w) {
				t.Errorf("%s: the error says %q:\n%v", step, w, err)
			}
		}
	}
	safe := "Applying again is safe: a change that took effect after all is found by the same read and counted as done, not made twice."

	// queue/assign answered 503 at each of its 3 sends.
	faults.set("/queue/assign", "503")
	before := stat("assign")
	_, err := r.TryApply(nil, []any{member("a", 2)})
	check("assign 503", err, []string{
		"queue/assign answered HTTP 503",
		"The write was sent 3 times, and each time it failed without a known outcome",
		"After each, skill group " + gid + "'s membership was read back and did not show the change, so it had not taken effect.",
		"3 times at most: max_retries does not change that.",
		safe,
	}, []string{"retrying later may succeed", "max_retries controls automatic retries"})
	if n := stat("assign") - before; n != 0 {
		t.Errorf("assign 503: the simulator got %d assigns, want none (the handler answers them)", n)
	}
	faults.reset()
	applied := r.Apply(nil, []any{member("a", 2)})
	groupHoldsSkills(t, c, gid, agents, "assign 503, applied again", map[string]int64{"a": 2})

	// queue/assign's connection dropped at each send.
	faults.set("/queue/assign", "drop")
	_, err = r.TryApply(nil, []any{member("b", 3)})
	check("assign dropped", err, []string{
		"The write was sent 3 times",
		"did not show the change, so it had not taken effect.",
		safe,
	}, []string{"check first whether it took effect"})
	faults.reset()

	// queue/cancel_assign (safe to repeat, so retried by the client within
	// each of the 3 rounds: 1 + max_retries 3 attempts) answered 503.
	faults.set("/queue/cancel_assign", "503")
	_, err = r.TryDestroy(applied)
	check("cancel_assign 503", err, []string{
		"The write was sent 12 times, in 3 rounds of up to 1 + max_retries attempts, and each time it failed without a known outcome",
		"After each round, skill group " + gid + "'s membership was read back and did not show the change",
		"in 3 rounds at most (max_retries sets the attempts within a round).",
		"Running the destroy (or apply) again is safe:",
	}, nil)
	faults.reset()

	// The read after the failed assign fails too: whether it took effect is
	// not known, and that is said, once.
	faults.set("/queue/assign", "503")
	faults.mu.Lock()
	faults.readsFail = true
	faults.mu.Unlock()
	_, err = r.TryApply(nil, []any{member("c", 1)})
	check("assign 503, read failed", err, []string{
		"The write was sent once and failed without a known outcome",
		"Reading skill group " + gid + "'s membership back afterwards failed too",
		"so whether it took effect is not known.",
		safe,
	}, []string{"retrying later may succeed"})
	faults.reset()
	r.Destroy(applied)
	groupHoldsSkills(t, c, gid, agents, "destroyed", map[string]int64{})
}

// The authoritative form's writes go through the same reads: its create
// says the same of an assign answered 503 each time.
func TestSkillGroupMembers_unsettledWriteSaysWhatWasDone(t *testing.T) {
	t.Parallel()
	var faults failingWrites
	env := acctest.NewWithHandler(t, faults.wrap)
	_, c, gid, agents := membershipSeededOn(t, env)
	r := env.Resources(t, "contactcenter_skill_group_members")
	config := []any{map[string]any{"que_id": gid, "members": []map[string]any{{"agent_id": strconv.FormatInt(agents["a"], 10), "skill": 2}}}}
	faults.set("/queue/assign", "503")
	_, err := r.TryApply(nil, config)
	if err == nil {
		t.Fatal("the apply succeeded, want an error")
	}
	for _, w := range []string{
		"The write was sent 3 times, and each time it failed without a known outcome",
		"did not show the change, so it had not taken effect.",
		"Applying again is safe:",
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("the error does not say %q:\n%v", w, err)
		}
	}
	if strings.Contains(err.Error(), "max_retries controls automatic retries") {
		t.Errorf("the error points at max_retries:\n%v", err)
	}
	faults.reset()
	applied := r.Apply(nil, config)
	r.CheckPlanEmpty(applied, config)
	groupHoldsSkills(t, c, gid, agents, "applied again", map[string]int64{"a": 2})
}
