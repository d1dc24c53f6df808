package datasources_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// voiceDiagRE matches s with any run of whitespace where s has a space, as
// Terraform wraps long diagnostics.
func voiceDiagRE(s string) *regexp.Regexp {
	return regexp.MustCompile(strings.ReplaceAll(regexp.QuoteMeta(s), " ", `\s+`))
}

func TestAccTrunkNumbersDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "contactcenter_trunk_numbers" "all" {}
data "contactcenter_trunk_numbers" "shanghai" { code = "021" }
data "contactcenter_trunk_numbers" "shanghai_trunks" {
  code = "021"
  type = 2
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_trunk_numbers.all", tfjsonpath.New("trunk_numbers"), knownvalue.ListSizeExact(7)),
				statecheck.ExpectKnownValue("data.contactcenter_trunk_numbers.shanghai", tfjsonpath.New("phones"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.StringExact("02160001000"), knownvalue.StringExact("02160001001"), knownvalue.StringExact("13800138000"),
				})),
				statecheck.ExpectKnownValue("data.contactcenter_trunk_numbers.shanghai_trunks", tfjsonpath.New("trunk_numbers").AtSliceIndex(0),
					knownvalue.ObjectExact(map[string]knownvalue.Check{
						"phone": knownvalue.StringExact("02160001000"), "code": knownvalue.StringExact("021"), "city": knownvalue.StringExact("上海"),
						"type": knownvalue.Int64Exact(2), "type_string": knownvalue.StringExact("中继号码"),
					})),
				statecheck.ExpectKnownValue("data.contactcenter_trunk_numbers.shanghai_trunks", tfjsonpath.New("trunk_numbers"), knownvalue.ListSizeExact(2)),
			},
		}},
	})
	// Every number in one call each: trunks/all, never paging trunks/lists.
	stats := env.Sim.Stats()
	if stats["GET /portal/v2/svcapi/trunks/lists"] != 0 || stats["GET /portal/v2/svcapi/trunks/all"] == 0 {
		t.Errorf("want trunks/all and no trunks/lists, got %v", stats)
	}
}

func TestAccTrunkNumbersDataSource_validation(t *testing.T) {
	t.Parallel()
	acctest.New(t).ExpectPlanErrors(t, map[string]acctest.PlanError{
		"unknown type": {Config: `data "contactcenter_trunk_numbers" "x" { type = 4 }`, Want: `type 4 is not one of 1 (95-number), 2 (trunk number), 3 (mobile number).`},
	})
}

// An area code written without quotes (code = 021) is the number 21 to
// HCL, and the lookup silently found no number; the plan warns. A quoted
// code says nothing.
func TestAccTrunkNumbersDataSource_unquotedCode(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody("data \"contactcenter_trunk_numbers\" \"sh\" {\n  code = 021\n}\n")
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if want := `Warning: Area Code Without Its Leading 0`; !strings.Contains(out, want) || !strings.Contains(out, `If it was written unquoted (code = 021), HCL read it as the number 21: write code = "021".`) {
		t.Errorf("plan with code = 021:\n%s", out)
	}
	w.WriteBody("data \"contactcenter_trunk_numbers\" \"sh\" {\n  code = \"021\"\n}\n")
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Warning") {
		t.Errorf("plan with code = \"021\":\n%s", out)
	}
}
