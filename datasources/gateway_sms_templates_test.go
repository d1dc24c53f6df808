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

func TestAccGatewaySMSTemplatesDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	if _, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: "Acme"}); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for i := 0; i < 3; i++ {
		id, err := c.Gateway.AddTemplate(t.Context(), client.GatewayTemplateInput{
			TplText: fmt.Sprintf("Hi ${name}, order ${order} (%d)", i), TplType: int64(i%3 + 1), TplTitle: fmt.Sprintf("T%d", i), Remark: "r", SignText: "Acme"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := env.Sim.Review("gateway_template", strconv.FormatInt(ids[2], 10), 1, ""); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf(`
data "contactcenter_gateway_sms_templates" "all" {
  vcc_id = 1
}

data "contactcenter_gateway_sms_templates" "page" {
  max = 2
}

data "contactcenter_gateway_sms_templates" "one" {
  ids = ["%d"]
}
`, ids[2])
	one := "data.contactcenter_gateway_sms_templates.one"
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(cfg),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_gateway_sms_templates.all", tfjsonpath.New("templates"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.contactcenter_gateway_sms_templates.page", tfjsonpath.New("templates"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.contactcenter_gateway_sms_templates.page", tfjsonpath.New("total"), knownvalue.Int64Exact(3)),
				statecheck.ExpectKnownValue(one, tfjsonpath.New("total"), knownvalue.Int64Exact(1)),
				statecheck.ExpectKnownValue(one, tfjsonpath.New("templates").AtSliceIndex(0), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"id": knownvalue.StringExact(strconv.FormatInt(ids[2], 10)), "tpl_title": knownvalue.StringExact("T2"),
					"tpl_text": knownvalue.StringExact("Hi ${name}, order ${order} (2)"), "tpl_type": knownvalue.Int64Exact(3),
					"remark": knownvalue.StringExact("r"), "sign_text": knownvalue.StringExact("Acme"),
					"state": knownvalue.Int64Exact(1), "reason": knownvalue.StringExact(""),
					"variables": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("name"), knownvalue.StringExact("order")}),
				})),
			},
		}},
	})
}

func TestAccGatewaySMSTemplatesDataSource_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	cases := map[string]acctest.PlanError{
		"max 51":     {`data "contactcenter_gateway_sms_templates" "x" { max = 51 }`, `max value must be between 1 and 50`},
		"ids+vcc_id": {"data \"contactcenter_gateway_sms_templates\" \"x\" {\n ids = [\"1\"]\n vcc_id = 5\n}", `These attributes cannot be configured together`},
		"offset -1":  {"data \"contactcenter_gateway_sms_templates\" \"x\" {\n max = 5\n offset = -1\n}", `offset value must be between 0 and 2147483647, got: -1`},
	}
	env.ExpectPlanErrors(t, cases)
}
