package datasources_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestAccGatewaySMSSignaturesDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	var ids []int64
	for i := 0; i < 55; i++ {
		id, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: fmt.Sprintf("Sig%02d", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := env.Sim.Review("gateway_signature", strconv.FormatInt(ids[1], 10), 2, "blurry licence"); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf(`
data "contactcenter_gateway_sms_signatures" "all" {}

data "contactcenter_gateway_sms_signatures" "page" {
  max    = 10
  offset = 50
}

data "contactcenter_gateway_sms_signatures" "some" {
  ids = ["%d", "%d", "999999"]
}
`, ids[1], ids[54])
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(cfg),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_gateway_sms_signatures.all", tfjsonpath.New("total"), knownvalue.Int64Exact(55)),
				statecheck.ExpectKnownValue("data.contactcenter_gateway_sms_signatures.all", tfjsonpath.New("signatures"), knownvalue.ListSizeExact(55)),
				statecheck.ExpectKnownValue("data.contactcenter_gateway_sms_signatures.page", tfjsonpath.New("total"), knownvalue.Int64Exact(55)),
				statecheck.ExpectKnownValue("data.contactcenter_gateway_sms_signatures.page", tfjsonpath.New("signatures"), knownvalue.ListSizeExact(5)),
				statecheck.ExpectKnownValue("data.contactcenter_gateway_sms_signatures.page", tfjsonpath.New("signatures").AtSliceIndex(0).AtMapKey("sign_text"), knownvalue.StringExact("Sig50")),
				statecheck.ExpectKnownValue("data.contactcenter_gateway_sms_signatures.some", tfjsonpath.New("signatures"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectExact(map[string]knownvalue.Check{
						"id": knownvalue.StringExact(strconv.FormatInt(ids[1], 10)), "sign_text": knownvalue.StringExact("Sig01"),
						"state": knownvalue.Int64Exact(2), "reason": knownvalue.StringExact("blurry licence"),
					}),
					knownvalue.ObjectExact(map[string]knownvalue.Check{
						"id": knownvalue.StringExact(strconv.FormatInt(ids[54], 10)), "sign_text": knownvalue.StringExact("Sig54"),
						"state": knownvalue.Int64Exact(0), "reason": knownvalue.StringExact(""),
					}),
				})),
			},
		}},
	})
}

func TestAccGatewaySMSSignaturesDataSource_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]acctest.PlanError{
		"max 51":       {`data "contactcenter_gateway_sms_signatures" "x" { max = 51 }`, `max value must be between 1 and 50`},
		"max 0":        {`data "contactcenter_gateway_sms_signatures" "x" { max = 0 }`, `max value must be between 1 and 50`},
		"offset alone": {`data "contactcenter_gateway_sms_signatures" "x" { offset = 5 }`, `Attribute "max" must be specified when "offset" is`},
		"offset past 2^31-1": {`data "contactcenter_gateway_sms_signatures" "x" {
  max    = 5
  offset = 3000000000
}`, `offset value must be between 0 and 2147483647, got: 3000000000`},
		"ids and max":    {"data \"contactcenter_gateway_sms_signatures\" \"x\" {\n ids = [\"1\"]\n max = 5\n}", `These attributes cannot be configured together`},
		"non-numeric id": {`data "contactcenter_gateway_sms_signatures" "x" { ids = ["abc"] }`, `must be a numeric id`},
		// Past int64 it was read as id 0: an empty list, without a word.
		"id of 20 digits":          {`data "contactcenter_gateway_sms_signatures" "x" { ids = ["99999999999999999999"] }`, `must be a numeric id from 0 to 9223372036854775807, got: 99999999999999999999`},
		"template id of 20 digits": {`data "contactcenter_gateway_sms_templates" "x" { ids = ["99999999999999999999"] }`, `must be a numeric id from 0 to 9223372036854775807, got: 99999999999999999999`},
		"id past int64":            {`data "contactcenter_gateway_sms_signatures" "x" { ids = ["9223372036854775808"] }`, `must be a numeric id from 0 to 9223372036854775807, got: 9223372036854775808`},
	}
	env.ExpectPlanErrors(t, cases)
}

// An id of 19 digits that an int64 holds is an id like any other: the
// resources import it, and the data sources read it (the platform's ids
// are int, §4.8). Only one past int64 is refused.
func TestAccGatewaySMSDataSources_19DigitID(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "contactcenter_gateway_sms_signatures" "x" { ids = ["1234567890123456789", "9223372036854775807"] }
data "contactcenter_gateway_sms_templates" "x" { ids = ["1234567890123456789"] }
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_gateway_sms_signatures.x", tfjsonpath.New("signatures"), knownvalue.ListSizeExact(0)),
				statecheck.ExpectKnownValue("data.contactcenter_gateway_sms_templates.x", tfjsonpath.New("templates"), knownvalue.ListSizeExact(0)),
			},
		}},
	})
}
