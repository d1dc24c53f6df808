package provider_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccRefresh_driftSeenWithBatching: with reads batched (every webhook
// and skill group of a refresh served by one list call), a change and a
// delete made out of band between two plans are seen, and a create is read
// back in the same process.
func TestAccRefresh_driftSeenWithBatching(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cfg := env.Config(`
resource "contactcenter_webhook" "hook" {
  count = 3
  name  = "hook ${count.index}"
  url   = "https://example.com/${count.index}"
}

resource "contactcenter_skill_group" "group" {
  count        = 3
  que_name     = "group ${count.index}"
  que_priority = 1
}
`)
	c := env.Client(t)
	ids := map[string]int64{}
	remember := func(addr string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			rs, ok := s.RootModule().Resources[addr]
			if !ok {
				return fmt.Errorf("%s not in state", addr)
			}
			id, err := strconv.ParseInt(rs.Primary.ID, 10, 64)
			ids[addr] = id
			return err
		}
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check:  resource.ComposeTestCheckFunc(remember("contactcenter_webhook.hook.1"), remember("contactcenter_skill_group.group.2")),
				// Created and read back in the same process: the read-back
				// saw the objects the create made.
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("contactcenter_webhook.hook[0]", tfjsonpath.New("created_at"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue("contactcenter_skill_group.group[2]", tfjsonpath.New("que_name"), knownvalue.StringExact("group 2")),
				},
			},
			{
				// Out of band between two plans: a webhook renamed, a group deleted.
				PreConfig: func() {
					if err := c.Webhooks.Update(t.Context(), ids["contactcenter_webhook.hook.1"],
						client.WebhookInput{Name: "renamed elsewhere", URL: "https://example.com/1"}); err != nil {
						t.Fatal(err)
					}
					if err := c.Queues.Delete(t.Context(), ids["contactcenter_skill_group.group.2"], true); err != nil {
						t.Fatal(err)
					}
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("contactcenter_webhook.hook[1]", plancheck.ResourceActionUpdate),
						plancheck.ExpectResourceAction("contactcenter_skill_group.group[2]", plancheck.ResourceActionCreate),
						plancheck.ExpectResourceAction("contactcenter_webhook.hook[0]", plancheck.ResourceActionNoop),
						plancheck.ExpectResourceAction("contactcenter_skill_group.group[0]", plancheck.ResourceActionNoop),
					},
				},
			},
			{
				// And a delete of a webhook: the next plan creates it again.
				PreConfig: func() {
					if err := c.Webhooks.Delete(t.Context(), ids["contactcenter_webhook.hook.1"]); err != nil {
						t.Fatal(err)
					}
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("contactcenter_webhook.hook[1]", plancheck.ResourceActionCreate),
					},
				},
			},
		},
	})
}
