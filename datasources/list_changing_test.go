package datasources_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAgentsDataSource_listChangesWhileRead deletes the first agent
// elsewhere once the data source has read the first page of users/list (500
// agents, oldest first): the 501st agent moves onto the page already read.
// The data source still lists it, and lists no agent twice.
func TestAgentsDataSource_listChangesWhileRead(t *testing.T) {
	t.Parallel()
	var (
		once    sync.Once
		deleted atomic.Bool
		other   *client.Client
		first   int64
	)
	env := acctest.NewWithHandler(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var body []byte
			if strings.HasSuffix(r.URL.Path, "/users/list") {
				body, _ = io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(body))
			}
			next.ServeHTTP(w, r)
			var req struct {
				Page    json.Number `json:"page"`
				UserIDs any         `json:"user_ids"`
			}
			if body != nil && json.Unmarshal(body, &req) == nil && req.Page == "1" && req.UserIDs == nil && other != nil {
				once.Do(func() {
					if err := other.Agents.Delete(r.Context(), first); err != nil {
						t.Errorf("deleting agent %d elsewhere: %v", first, err)
					}
					deleted.Store(true)
				})
			}
		})
	})
	seedAgents(t, env, 520)
	c := env.Client(t)
	a, err := c.Agents.GetByNum(t.Context(), "0000")
	if err != nil {
		t.Fatal(err)
	}
	first, other = int64(a.UserID), c

	// The read of a plan (Terraform's, in process: the check is of the
	// provider's paging, not of Terraform's handling).
	ds, d := acctest.ReadDataSource(t, env.ActionServer(t), "contactcenter_agents", map[string]any{})
	if len(d) != 0 {
		t.Fatalf("read: %v", d)
	}
	if !deleted.Load() {
		t.Fatal("no agent was deleted while the list was read")
	}
	agents, _ := ds["agents"].([]any)
	seen := map[string]int{}
	for _, a := range agents {
		if num, ok := a.(map[string]any)["user_num"].(string); ok {
			seen[num]++
		}
	}
	for num, n := range seen {
		if n > 1 {
			t.Errorf("agent %s listed %d times", num, n)
		}
	}
	for _, num := range []string{"0499", "0500", "0501", "0519"} {
		if seen[num] == 0 {
			t.Errorf("agent %s missing from the list (%d agents listed)", num, len(agents))
		}
	}
}
