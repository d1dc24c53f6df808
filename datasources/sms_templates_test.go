package datasources_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestAccSMSTemplatesDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	dept := int64(7)
	for _, in := range []client.SMSTemplateInput{
		{TemplateName: "Welcome", TemplateContents: "Hi ${name}", SignID: int64(sg.ID)},
		{TemplateName: "Welcome back", TemplateContents: "Hi again", SignID: int64(sg.ID), DeptID: &dept},
		{TemplateName: "Draft", TemplateContents: "x", SignID: int64(sg.ID), Action: client.TemplateActionDraft},
	} {
		if _, err := c.SMS.CreateTemplate(t.Context(), in); err != nil {
			t.Fatal(err)
		}
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(`data "contactcenter_sms_templates" "x" { state = 5 }`), PlanOnly: true,
				ExpectError: regexp.MustCompile(`state \d+ is not one of -1 \(draft\)`),
			},
			{
				Config: env.Config(`
data "contactcenter_sms_templates" "welcome" {
  keyword = "Welcome"
}
data "contactcenter_sms_templates" "dept" {
  dept_id = 7
}
data "contactcenter_sms_templates" "drafts" {
  state = -1
}
data "contactcenter_sms_templates" "by_id" {
  ids = [3001, 3003]
}
`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.contactcenter_sms_templates.welcome", tfjsonpath.New("templates"), knownvalue.ListSizeExact(2)),
					statecheck.ExpectKnownValue("data.contactcenter_sms_templates.by_id", tfjsonpath.New("templates"), knownvalue.ListSizeExact(2)),
					statecheck.ExpectKnownValue("data.contactcenter_sms_templates.drafts", tfjsonpath.New("templates"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"tpl_title": knownvalue.StringExact("Draft"), "state_name": knownvalue.StringExact("draft")}),
					})),
					statecheck.ExpectKnownValue("data.contactcenter_sms_templates.dept", tfjsonpath.New("templates"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id": knownvalue.StringExact("3002"), "tpl_title": knownvalue.StringExact("Welcome back"),
							"dept_name": knownvalue.StringExact("Department 7"), "sign_text": knownvalue.StringExact("Acme"),
							"state": knownvalue.Int64Exact(0), "tpl_param": knownvalue.ListSizeExact(0),
						}),
					})),
				},
			},
		},
	})
}

// TestAccSMSTemplatesDataSource_validation: the §4.1 filter rules fail at
// plan time, before any API call.
func TestAccSMSTemplatesDataSource_validation(t *testing.T) {
	t.Parallel()
	plan := map[string]acctest.PlanError{}
	for cfg, want := range map[string]string{
		`state = 3`:    `state 3 is not one of -1 (draft), 0 (pending review), 1 (approved), 2 (rejected).`,
		`dept_id = -1`: `dept_id value must be at least 0, got: -1`,
		`ids = []`:     `ids list must contain at least 1 elements`,
		`ids = [0]`:    `value must be at least 1, got: 0`,
	} {
		plan[cfg] = acctest.PlanError{Config: `data "contactcenter_sms_templates" "x" { ` + cfg + ` }`, Want: want}
	}
	acctest.New(t).ExpectPlanErrors(t, plan)
}
