package resources_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// An approved template saved as a draft in the portal (template/update with
// action 1, §3.2) can no longer send: the plan must show it and submit it
// again, not say "No changes". And a draft of the configuration submitted in
// the portal is saved as a draft again.
func TestAccSMSTemplate_portalDraftDrift(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	addr := "contactcenter_sms_template.test"
	save := func(action int64) func() {
		return func() {
			if _, err := c.SMS.UpdateTemplate(t.Context(), 3001, client.SMSTemplateInput{
				TemplateName: "Drafted", TemplateContents: "Hi ${name}", SignID: 101, Action: action,
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	submitted := env.Config(smsTemplateConfig("Drafted", "Hi $${name}", ""))
	draft := env.Config(smsTemplateConfig("Drafted", "Hi $${name}", "submit_for_review = false"))
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: submitted,
				PostApplyFunc: func() {
					if err := env.Sim.Review("sms_template", "3001", 1, ""); err != nil {
						t.Fatal(err)
					}
				},
			},
			{
				// Saved as a draft in the portal.
				PreConfig: save(client.TemplateActionDraft),
				Config:    submitted,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(addr, tfjsonpath.New("submit_for_review"), knownvalue.Bool(true)),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(0)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("submit_for_review"), knownvalue.Bool(true)),
				},
			},
			{Config: draft},
			{
				// A draft of the configuration submitted in the portal.
				PreConfig: save(client.TemplateActionSubmit),
				Config:    draft,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("state"), knownvalue.Int64Exact(-1)),
				},
			},
		},
	})
}
