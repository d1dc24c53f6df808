package datasources_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestAccNumberSelectionDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	addr := "data.contactcenter_number_selection.this"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`data "contactcenter_number_selection" "this" {}`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("groups"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectExact(map[string]knownvalue.Check{"id": knownvalue.StringExact("11"), "name": knownvalue.StringExact("Shanghai lines")}),
					knownvalue.ObjectExact(map[string]knownvalue.Check{"id": knownvalue.StringExact("12"), "name": knownvalue.StringExact("Beijing lines")}),
				})),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("phones"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("x_tels").AtSliceIndex(0).AtMapKey("id"), knownvalue.StringExact("17000000001")),
			},
		}},
	})
}
