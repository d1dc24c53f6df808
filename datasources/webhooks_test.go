package datasources_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestAccWebhooksDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	for _, in := range []client.WebhookInput{
		{Name: "CRM hang-up", URL: "https://crm.example.com/hangup", Status: true, EventType: 1},
		{Name: "CRM pre-call", URL: "https://crm.example.com/precall", EventType: 2, IsEncrypt: true},
		{Name: "BI", URL: "https://bi.example.com/calls", EventType: 1, DeptID: 4},
	} {
		if _, err := c.Webhooks.Create(t.Context(), in); err != nil {
			t.Fatal(err)
		}
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "contactcenter_webhooks" "all" {}
data "contactcenter_webhooks" "crm" { name = "CRM" }
data "contactcenter_webhooks" "bi" { url = "bi.example" }
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_webhooks.all", tfjsonpath.New("webhooks"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.contactcenter_webhooks.crm", tfjsonpath.New("webhooks"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("CRM hang-up"), "status": knownvalue.Bool(true), "event_type": knownvalue.Int64Exact(1)}),
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("CRM pre-call"), "is_encrypt": knownvalue.Bool(true), "event_type": knownvalue.Int64Exact(2)}),
				})),
				statecheck.ExpectKnownValue("data.contactcenter_webhooks.bi", tfjsonpath.New("webhooks"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"dept_id": knownvalue.Int64Exact(4), "vcc_id": knownvalue.Int64Exact(10001),
						"created_user_name": knownvalue.StringExact("api")}),
				})),
			},
		}},
	})
}
