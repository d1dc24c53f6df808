package datasources_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

const skillGroupsConfig = `
resource "contactcenter_skill_group" "a" {
  que_name     = "Alpha Sales"
  que_priority = 1
  que_num      = "8101"
}

resource "contactcenter_skill_group" "b" {
  que_name     = "Beta Support"
  que_priority = 2
  que_strategy = 9
}

data "contactcenter_skill_groups" "all" {
  depends_on = [contactcenter_skill_group.a, contactcenter_skill_group.b]
}

data "contactcenter_skill_groups" "keyword" {
  keyword    = "Sales"
  depends_on = [contactcenter_skill_group.a, contactcenter_skill_group.b]
}

data "contactcenter_skill_groups" "by_id" {
  id = tonumber(contactcenter_skill_group.b.id)
}

data "contactcenter_skill_groups" "none" {
  keyword    = "no such group"
  depends_on = [contactcenter_skill_group.a, contactcenter_skill_group.b]
}

data "contactcenter_skill_groups" "gone" {
  id         = 99999
  depends_on = [contactcenter_skill_group.a, contactcenter_skill_group.b]
}
`

func TestAccSkillGroupsDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	groups := func(string) tfjsonpath.Path { return tfjsonpath.New("skill_groups") }
	item := func(i int, key string) tfjsonpath.Path {
		return tfjsonpath.New("skill_groups").AtSliceIndex(i).AtMapKey(key)
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(skillGroupsConfig),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_skill_groups.all", groups("all"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.contactcenter_skill_groups.keyword", groups("keyword"), knownvalue.ListSizeExact(1)),
				statecheck.ExpectKnownValue("data.contactcenter_skill_groups.keyword", item(0, "que_name"), knownvalue.StringExact("Alpha Sales")),
				statecheck.ExpectKnownValue("data.contactcenter_skill_groups.keyword", item(0, "que_num"), knownvalue.StringExact("8101")),
				statecheck.ExpectKnownValue("data.contactcenter_skill_groups.keyword", item(0, "auto_evaluate"), knownvalue.Int64Exact(1)),
				statecheck.ExpectKnownValue("data.contactcenter_skill_groups.by_id", groups("by_id"), knownvalue.ListSizeExact(1)),
				statecheck.ExpectKnownValue("data.contactcenter_skill_groups.by_id", item(0, "que_name"), knownvalue.StringExact("Beta Support")),
				statecheck.ExpectKnownValue("data.contactcenter_skill_groups.by_id", item(0, "que_strategy"), knownvalue.Int64Exact(9)),
				statecheck.ExpectKnownValue("data.contactcenter_skill_groups.by_id", item(0, "que_priority"), knownvalue.Int64Exact(2)),
				statecheck.CompareValuePairs(
					"data.contactcenter_skill_groups.by_id", item(0, "id"),
					"contactcenter_skill_group.b", tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.ExpectKnownValue("data.contactcenter_skill_groups.none", groups("none"), knownvalue.ListExact([]knownvalue.Check{})),
				statecheck.ExpectKnownValue("data.contactcenter_skill_groups.gone", groups("gone"), knownvalue.ListExact([]knownvalue.Check{})),
			},
		}},
	})
}
