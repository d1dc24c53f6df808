package datasources_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestAccBusyReasonsDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "contactcenter_busy_reasons" "all" {}
data "contactcenter_busy_reasons" "busy" { ag_stat = "2" }
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_busy_reasons.all", tfjsonpath.New("busy_reasons"), knownvalue.ListSizeExact(5)),
				statecheck.ExpectKnownValue("data.contactcenter_busy_reasons.busy", tfjsonpath.New("busy_reasons"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.contactcenter_busy_reasons.busy", tfjsonpath.New("busy_reasons").AtSliceIndex(0),
					knownvalue.ObjectExact(map[string]knownvalue.Check{
						"id": knownvalue.StringExact("3"), "vcc_id": knownvalue.StringExact("10001"),
						"ag_stat": knownvalue.StringExact("2"), "stat_reason": knownvalue.StringExact("小休"),
					})),
			},
		}},
	})
	if n := env.Sim.Stats()["GET /portal/v2/svcapi/busyreason/list"]; n == 0 {
		t.Error("busyreason/list was never called")
	}
}

func TestAccBusyReasonsDataSource_validation(t *testing.T) {
	t.Parallel()
	acctest.New(t).ExpectPlanErrors(t, map[string]acctest.PlanError{
		"unknown kind": {Config: `data "contactcenter_busy_reasons" "x" { ag_stat = "3" }`, Want: `ag_stat value must be one of`},
	})
}
