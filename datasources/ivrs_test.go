package datasources_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestAccIVRsDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	if err := env.Sim.Seed(map[string]json.RawMessage{"ivrs": json.RawMessage(`[{"ivrId":42,"ivrName":"Billing","ivrCode":"ivr_billing"}]`)}); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "contactcenter_ivrs" "all" {}
data "contactcenter_ivrs" "billing" { ivr_name = "Billing" }
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_ivrs.all", tfjsonpath.New("ids"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.Int64Exact(1), knownvalue.Int64Exact(2), knownvalue.Int64Exact(3), knownvalue.Int64Exact(42),
				})),
				statecheck.ExpectKnownValue("data.contactcenter_ivrs.billing", tfjsonpath.New("ivrs"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectExact(map[string]knownvalue.Check{
						"ivr_id": knownvalue.Int64Exact(42), "ivr_name": knownvalue.StringExact("Billing"), "ivr_code": knownvalue.StringExact("ivr_billing"),
					}),
				})),
			},
		}},
	})
}

// An IVR name that differs from one only in case or white space found
// nothing without a word, and one(...) of the empty list left a task's
// trans_to unset; the plan warns, naming the IVR. An exact name does not.
func TestAccIVRsDataSource_nearName(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	if err := env.Sim.Seed(map[string]json.RawMessage{"ivrs": json.RawMessage(`[{"ivrId":42,"ivrName":"Main menu","ivrCode":"ivr_main"}]`)}); err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	w.WriteBody(`data "contactcenter_ivrs" "m" { ivr_name = "main menu " }`)
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if !strings.Contains(out, `Warning: No IVR Has Exactly This Name`) ||
		!strings.Contains(out, `No IVR is named "main menu " (names compare exactly, case and white space included), so the list is empty; "Main menu" differs only in case or white space.`) {
		t.Errorf("plan of a near name:\n%s", out)
	}
	w.WriteBody(`data "contactcenter_ivrs" "m" { ivr_name = "Main menu" }`)
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Warning") {
		t.Errorf("plan of the exact name:\n%s", out)
	}
}

// An IVR whose name the platform holds decomposed ("Cafe" and U+0301) was
// matched by no ivr_name: Terraform sends every string composed (NFC), the
// filter compared bytes, and the list of every IVR showed it as "Café".
// The filter compares composed names.
func TestAccIVRsDataSource_decomposedName(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	if err := env.Sim.Seed(map[string]json.RawMessage{"ivrs": json.RawMessage(`[{"ivrId":43,"ivrName":"Cafe\u0301 line","ivrCode":"ivr_cafe"}]`)}); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "contactcenter_ivrs" "cafe" { ivr_name = "Caf\u00e9 line" }
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_ivrs.cafe", tfjsonpath.New("ids"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.Int64Exact(43),
				})),
			},
		}},
	})
}
