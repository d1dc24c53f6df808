package resources_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// groupWithAgent makes a skill group through the resource and puts an agent
// in it from outside (as a membership resource with a literal que_id does),
// counting queue/delete calls; onDelete runs before the n-th call is served,
// and answers it itself when it returns true.
func groupWithAgent(t *testing.T, onDelete func(n int64, w http.ResponseWriter, c *client.Client, queID, agID int64) bool) (r *acctest.Resources, group []acctest.Instance, deletes *atomic.Int64) {
	t.Helper()
	deletes = new(atomic.Int64)
	var c *client.Client
	var queID, agID atomic.Int64
	env := acctest.NewWithHandler(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if strings.HasSuffix(req.URL.Path, "/queue/delete") {
				if onDelete(deletes.Add(1), w, c, queID.Load(), agID.Load()) {
					return
				}
			}
			next.ServeHTTP(w, req)
		})
	})
	c = env.Client(t)
	r = env.Resources(t, "contactcenter_skill_group")
	group = r.Apply(nil, []any{r.Config(`
que_name     = "Beside"
que_priority = 1
`)})
	q, _ := strconv.ParseInt(r.Decode(group[0])["id"].(string), 10, 64)
	pw := "Beside-1"
	a, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("8370"), UserName: new("Beside"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Queues.Assign(t.Context(), q, []client.AgentSkill{{AgID: a.UserID.Int64(), Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	queID.Store(q)
	agID.Store(a.UserID.Int64())
	return r, group, deletes
}

// TestSkillGroup_deleteBesideItsMembers: a configuration with a literal
// que_id in contactcenter_skill_group_members (plan -generate-config-out
// writes one) gives Terraform no order between the membership and the
// group, and a destroy deleted them in parallel: the group's delete was
// refused ("group has 1 agent(s)", code 404) one destroy in two, and a
// second destroy succeeded. The delete is tried again while the refusal
// lasts: here the agent leaves the group while it is.
func TestSkillGroup_deleteBesideItsMembers(t *testing.T) {
	t.Parallel()
	r, group, deletes := groupWithAgent(t, func(n int64, _ http.ResponseWriter, c *client.Client, queID, agID int64) bool {
		if n == 3 { // the membership's delete lands during the retries
			if err := c.Queues.CancelAssign(t.Context(), queID, []int64{agID}); err != nil {
				t.Error(err)
			}
		}
		return false
	})
	kept, err := r.TryDestroy(group)
	if err != nil {
		t.Fatalf("destroy of a group whose last agent left while its delete was tried again: %v", err)
	}
	if len(kept) != 1 || kept[0].State != nil {
		t.Errorf("the destroy kept %v, want nothing", kept)
	}
	if n := deletes.Load(); n != 3 {
		t.Errorf("queue/delete was called %d times, want 3 (refused twice, then deleted)", n)
	}
}

// TestSkillGroup_deleteKeepsItsAgents: a group that keeps its agents is
// refused with the text that names them once the retries are spent, and
// the retries are bounded (inUseRetryWait / inUseRetryStep, 5s / 500ms).
func TestSkillGroup_deleteKeepsItsAgents(t *testing.T) {
	t.Parallel()
	r, group, deletes := groupWithAgent(t, func(int64, http.ResponseWriter, *client.Client, int64, int64) bool { return false })
	want := inOrder("Unable to Delete Skill Group", "code 404", "The group still has agents (1): 8370 (ag_id",
		"Remove them first where they were put in the group", "The delete was tried again for 5s")
	kept, err := r.TryDestroy(group)
	if err == nil || !want.MatchString(err.Error()) {
		t.Errorf("destroy of a group that keeps its agent: %v\nwant an error matching %s", err, want)
	}
	if len(kept) != 1 || kept[0].State == nil {
		t.Errorf("the refused delete kept %d instances, want the group", len(kept))
	}
	if n := deletes.Load(); n < 2 || n > 11 {
		t.Errorf("queue/delete was called %d times, want 2 to 11 (one, then one every 500ms for 5s)", n)
	}
}

// signedIn answers queue/delete as the platform does when an agent of the
// group is signed in under it (code 410, in a code-500 overall result).
func signedIn(w http.ResponseWriter, queID int64) {
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"code":500,"message":"overall result","data":[{"code":410,"message":"agents logged in under the group","que_id":"%d"}]}`, queID)
}

// TestSkillGroup_deleteSignedInNotRetried: code 410 (agents signed in)
// lasts until they sign out, and force_delete does not help: the delete is
// not tried again, alone or after a refusal for agents in the group (an
// agent signed in during the retries), and its own text is reported.
func TestSkillGroup_deleteSignedInNotRetried(t *testing.T) {
	t.Parallel()
	for _, first := range []int64{1, 2} {
		t.Run(fmt.Sprintf("from call %d", first), func(t *testing.T) {
			t.Parallel()
			r, group, deletes := groupWithAgent(t, func(n int64, w http.ResponseWriter, _ *client.Client, queID, _ int64) bool {
				if n >= first {
					signedIn(w, queID)
					return true
				}
				return false
			})
			want := inOrder("Unable to Delete Skill Group", "code 410", "Agents of the group are signed in")
			kept, err := r.TryDestroy(group)
			if err == nil || !want.MatchString(err.Error()) || strings.Contains(err.Error(), "The group still has agents") {
				t.Errorf("destroy of a group whose agent is signed in: %v\nwant an error matching %s, without the refusal for agents in the group", err, want)
			}
			if len(kept) != 1 || kept[0].State == nil {
				t.Errorf("the refused delete kept %d instances, want the group", len(kept))
			}
			if n := deletes.Load(); n != first {
				t.Errorf("queue/delete was called %d times, want %d (code 410 is not tried again)", n, first)
			}
		})
	}
}
