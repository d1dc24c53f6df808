package resources_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccOutboundTask_refreshDoesNotTakeAListedTaskForGone: the task
// detail read (projects/detail) answering "object does not exist" (code
// 404) once, for a task its list still holds, made the refresh drop the
// task from the state, and the plan created it again ("1 to add": a second
// task of the name on apply). The read now fails, naming the
// contradiction, and the next plan, the detail answered, changes nothing.
func TestAccOutboundTask_refreshDoesNotTakeAListedTaskForGone(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := env.Config(automaticConfig("closed"))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				PreConfig: func() {
					body := `{"force":[{"method":"GET","path":"/autocall/api/v3/projects/detail","code":404,"count":1}]}`
					req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, env.Origin+"/_sim/faults", strings.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					resp, err := http.DefaultClient.Do(req)
					if err != nil {
						t.Fatal(err)
					}
					resp.Body.Close()
				},
				Config:      cfg,
				PlanOnly:    true,
				ExpectError: inOrder(`yet projects/lists still holds task`, `If its detail keeps answering so, check task`, `terraform state rm, or a removed block`),
			},
			{Config: cfg, PlanOnly: true},
		},
	})
}
