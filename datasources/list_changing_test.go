package datasources_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccAgentsDataSource_listChangesWhileRead deletes the first agent
// elsewhere once the data source has read the first page of users/list (500
// agents, oldest first): the 501st agent moves onto the page already read.
// The data source still lists it, and lists no agent twice.
func TestAccAgentsDataSource_listChangesWhileRead(t *testing.T) {
	t.Parallel()
	var (
		once  sync.Once
		other *client.Client
		first int64
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

	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`data "contactcenter_agents" "all" {}`),
			Check: func(s *terraform.State) error {
				ds := s.RootModule().Resources["data.contactcenter_agents.all"].Primary.Attributes
				seen := map[string]int{}
				for i := range 600 {
					if num, ok := ds[fmt.Sprintf("agents.%d.user_num", i)]; ok {
						seen[num]++
					}
				}
				for num, n := range seen {
					if n > 1 {
						return fmt.Errorf("agent %s listed %d times", num, n)
					}
				}
				for _, num := range []string{"0499", "0500", "0501", "0519"} {
					if seen[num] == 0 {
						return fmt.Errorf("agent %s missing from the list (%s agents listed)", num, ds["agents.#"])
					}
				}
				return nil
			},
		}},
	})
}
