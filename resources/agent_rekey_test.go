package resources_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// agentForEach is one agent under the for_each key key.
func agentForEach(key, mode string) string {
	return fmt.Sprintf(`
resource "contactcenter_agent" "staff" {
  for_each      = toset([%q])
  user_num      = "8100"
  user_name     = "Ann Lee"
  user_password = "Secret-1"
  delete_mode   = %q
}
`, key, mode)
}

// matches reports whether r calls path with mark in its body (any body
// when mark is ""), leaving the body to be read again.
func matches(r *http.Request, path, mark string) bool {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	return strings.HasSuffix(r.URL.Path, path) && bytes.Contains(body, []byte(mark))
}

// slowWrite wraps the simulator so that the calls of path whose body
// holds mark are held: each after the first waits a second before the
// simulator sees it, and with lost, the first is carried out and its
// answer lost (HTTP 504). A create of the same agent number in the same
// apply then runs while the delete or the resign is still under way.
func slowWrite(path, mark string, lost bool) func(http.Handler) http.Handler {
	var n atomic.Int32
	return func(sim http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !matches(r, path, mark) {
				sim.ServeHTTP(w, r)
				return
			}
			first := n.Add(1) == 1
			if !first || !lost {
				time.Sleep(time.Second)
			}
			if first && lost {
				sim.ServeHTTP(discard{}, r)
				http.Error(w, "gateway timeout", http.StatusGatewayTimeout)
				return
			}
			sim.ServeHTTP(w, r)
		})
	}
}

// lostWrites wraps the simulator so that every call of path whose body
// holds mark is carried out and its answer lost (HTTP 504), the retries'
// too.
func lostWrites(path, mark string) func(http.Handler) http.Handler {
	return func(sim http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !matches(r, path, mark) {
				sim.ServeHTTP(w, r)
				return
			}
			sim.ServeHTTP(discard{}, r)
			http.Error(w, "gateway timeout", http.StatusGatewayTimeout)
		})
	}
}

// discard is a ResponseWriter whose answer goes nowhere.
type discard struct{}

func (discard) Header() http.Header         { return http.Header{} }
func (discard) Write(b []byte) (int, error) { return len(b), nil }
func (discard) WriteHeader(int)             {}

// removalFirst wraps a wrapped simulator so that, once armed, a users/add
// is held until the delete or resign of an agent has reached the
// simulator (or 30 s passed): the create then runs while the removal is
// under way, the order these tests are about. The provider, in the apply,
// knows of the other instance's removal only once it has started (it holds
// the number's lock from then on); a create that Terraform runs before
// the removal has started is refused, as the plan's warning says.
func removalFirst(wrap func(http.Handler) http.Handler) (func(http.Handler) http.Handler, func()) {
	var armed atomic.Bool
	started := make(chan struct{})
	var once sync.Once
	return func(sim http.Handler) http.Handler {
		inner := wrap(sim)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if armed.Load() {
				if matches(r, "/users/delete", "") || matches(r, "/users/edit", `"user_status":2`) {
					once.Do(func() { close(started) })
				} else if matches(r, "/users/add", "") {
					select {
					case <-started:
					case <-time.After(30 * time.Second):
					case <-r.Context().Done():
					}
				}
			}
			inner.ServeHTTP(w, r)
		})
	}, func() { armed.Store(true) }
}

// TestAccAgent_rekeyWithoutMoved: a for_each key changed without a moved
// block deletes (or resigns) the agent at the old key and creates one
// with the same user_num at the new key, in any order. The plan warns
// "Agent Deleted and Created Again". The apply converges, the create
// waiting for the delete of the same number: with delete_mode = "resign"
// and the resign's answer lost, the resign sent again after the create
// had re-activated the agent resigned it again, and the apply ended with
// the agent resigned; with "delete" and the delete slow, the create found
// the number taken by the agent being deleted and the apply failed.
func TestAccAgent_rekeyWithoutMoved(t *testing.T) {
	t.Parallel()
	for name, wrap := range map[string]func(http.Handler) http.Handler{
		"resign": slowWrite("/users/edit", `"user_status":2`, true),
		"delete": slowWrite("/users/delete", "", false),
		// Every answer to the resign lost: it failed although it had taken
		// effect, the old instance stayed in the state with the agent's id
		// beside the new one, and the next apply resigned the agent the new
		// one manages. The agent, read back, says it took effect.
		"resign, answers lost": lostWrites("/users/edit", `"user_status":2`),
	} {
		mode, _, _ := strings.Cut(name, ",")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			wrap, arm := removalFirst(wrap)
			env := acctest.NewWithHandler(t, wrap)
			w := env.Workdir(t)
			w.WriteBody(agentForEach("old", mode))
			w.Must(0, "apply", "-auto-approve", "-no-color")
			arm()
			w.WriteBody(agentForEach("new", mode))
			out := strings.Join(strings.Fields(w.Must(0, "apply", "-auto-approve", "-no-color")), " ")
			if !strings.Contains(out, `Agent Deleted and Created Again`) || !strings.Contains(out, `This plan deletes the agent whose user_num is "8100" at one address`) {
				t.Errorf("the plan does not warn:\n%s", out)
			}
			agents := 0
			for a, err := range env.Client(t).Agents.List(t.Context(), client.AgentFilter{UserNum: "8100"}) {
				if err != nil {
					t.Fatal(err)
				}
				if string(a.UserNum) == "8100" {
					agents++
					if a.UserStatus.Int64() != 1 {
						t.Errorf("agent %d is user_status %d after the apply, want 1 (on duty)", a.UserID.Int64(), a.UserStatus.Int64())
					}
				}
			}
			if agents != 1 {
				t.Errorf("%d agents hold 8100, want 1", agents)
			}
			w.Must(0, "plan", "-no-color", "-detailed-exitcode")
			if out := w.Must(0, "state", "list"); strings.Contains(out, `["old"]`) {
				t.Errorf("the old instance is still in the state:\n%s", out)
			}
		})
	}
}

// agentsCounted is one agent per number, by count.
func agentsCounted(nums ...string) string {
	return fmt.Sprintf(`
locals { nums = ["%s"] }

resource "contactcenter_agent" "c" {
  count         = length(local.nums)
  user_num      = local.nums[count.index]
  user_name     = "Agent ${local.nums[count.index]}"
  user_password = "Secret-1"
}
`, strings.Join(nums, `", "`))
}

// TestAccAgent_countShiftWarnsAtPlan: removing the first number of a list
// that count iterates replaces every later agent by one with the next
// number (each deleted, with its history, and made again), and the plan
// said nothing beyond the replacements. It warns and says to use for_each
// keyed by the number; a change of one agent's number to a free one does
// not warn.
func TestAccAgent_countShiftWarnsAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(agentsCounted("7101", "7102", "7103"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(agentsCounted("7101", "7102", "7109"))
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Deleted and Created Again") {
		t.Errorf("a number changed to a free one warns:\n%s", out)
	}
	w.WriteBody(agentsCounted("7102", "7103"))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	for _, want := range []string{"Agent Deleted and Created Again", "or an element removed from a list that count iterates",
		"For a count list, use for_each keyed by the user_num instead"} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan of a shifted count list lacks %q:\n%s", want, out)
		}
	}
}
