package datasources_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccDataSources_byIDWhateverTheServiceOrder: the agents, tasks and
// webhooks lists say "by id", but they kept the service's order, which the
// spec does not give. Behind a service that lists newest first, they are
// still by id.
func TestAccDataSources_byIDWhateverTheServiceOrder(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, "/users/list") && !strings.HasSuffix(r.URL.Path, "/webhook/lists") &&
				!strings.HasSuffix(r.URL.Path, "/projects/lists") {
				h.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			var body map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err == nil {
				if data, ok := body["data"].(map[string]any); ok {
					for _, k := range []string{"data", "results"} {
						if items, ok := data[k].([]any); ok {
							slices.Reverse(items)
						}
					}
				}
			}
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(body)
		})
	})
	c := env.Client(t)
	pw := "Pass-1"
	for i := range 3 {
		if _, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new(fmt.Sprintf("850%d", i)), UserName: new("A"), UserPassword: &pw}); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Webhooks.Create(t.Context(), client.WebhookInput{Name: fmt.Sprintf("W%d", i), URL: fmt.Sprintf("https://example.com/%d", i), EventType: 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Tasks.Create(t.Context(), client.Task{Name: client.FlexString(fmt.Sprintf("T%d", i)), Type: 3, TransTo: new(client.FlexString("ivr_main"))}); err != nil {
			t.Fatal(err)
		}
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "contactcenter_agents" "all" {}
data "contactcenter_webhooks" "all" {}
data "contactcenter_outbound_tasks" "all" {}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_agents.all", tfjsonpath.New("agents").AtSliceIndex(0).AtMapKey("user_num"), knownvalue.StringExact("8500")),
				statecheck.ExpectKnownValue("data.contactcenter_agents.all", tfjsonpath.New("agents").AtSliceIndex(2).AtMapKey("user_num"), knownvalue.StringExact("8502")),
				statecheck.ExpectKnownValue("data.contactcenter_webhooks.all", tfjsonpath.New("webhooks").AtSliceIndex(0).AtMapKey("name"), knownvalue.StringExact("W0")),
				statecheck.ExpectKnownValue("data.contactcenter_outbound_tasks.all", tfjsonpath.New("tasks").AtSliceIndex(0).AtMapKey("name"), knownvalue.StringExact("T0")),
			},
		}},
	})
}
