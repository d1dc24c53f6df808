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

func TestAccSMSSignaturesDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	for _, text := range []string{"Acme", "Acme Shop", "Other"} {
		if _, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: text, Remark: "r " + text}); err != nil {
			t.Fatal(err)
		}
	}
	if err := env.Sim.Review("sms_signature", "102", 1, ""); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "contactcenter_sms_signatures" "acme" {
  sign_text = "Acme"
}
data "contactcenter_sms_signatures" "approved" {
  state = 1
}
data "contactcenter_sms_signatures" "all" {}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_sms_signatures.acme", tfjsonpath.New("signatures"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.contactcenter_sms_signatures.all", tfjsonpath.New("signatures"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.contactcenter_sms_signatures.approved", tfjsonpath.New("signatures"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"id": knownvalue.StringExact("102"), "sign_text": knownvalue.StringExact("Acme Shop"),
						"state": knownvalue.Int64Exact(1), "state_name": knownvalue.StringExact("approved"),
						"remark": knownvalue.StringExact("r Acme Shop"), "is_used": knownvalue.Bool(false),
					}),
				})),
			},
		}},
	})
}

// TestAccSMSSignaturesDataSource_validation: state must be 0, 1 or 2 (§2.3),
// checked at plan time before any API call.
func TestAccSMSSignaturesDataSource_validation(t *testing.T) {
	t.Parallel()
	acctest.New(t).ExpectPlanErrors(t, map[string]acctest.PlanError{
		"state -1": {`data "contactcenter_sms_signatures" "x" {` + "\n" + `state = -1` + "\n}", `state -1 is not one of 0 (reviewing), 1 (approved), 2 (rejected).`},
	})
}
