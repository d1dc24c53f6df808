package datasources_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestAccVirtualNumberBindingsDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "contactcenter_virtual_number_bindings" "one" { virtual = "17000000001" }
data "contactcenter_virtual_number_bindings" "unknown" { virtual = "19900000000" }
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_virtual_number_bindings.one", tfjsonpath.New("trunk_numbers"),
					knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("02160001000"), knownvalue.StringExact("02160001001")})),
				statecheck.ExpectKnownValue("data.contactcenter_virtual_number_bindings.unknown", tfjsonpath.New("trunk_numbers"), knownvalue.ListSizeExact(0)),
			},
		}},
	})
}
