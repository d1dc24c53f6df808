package resources_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// An approved template saved as a draft in the portal (template/update with
// action 1, §3.2) can no longer send: the plan must show it and submit it
// again, not say "No changes". And a draft of the configuration submitted in
// the portal is saved as a draft again. In process: the checks are of the
// provider's refresh, plan and writes.
func TestSMSTemplate_portalDraftDrift(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	save := func(action int64) {
		t.Helper()
		if _, err := c.SMS.UpdateTemplate(t.Context(), 3001, client.SMSTemplateInput{
			TemplateName: "Drafted", TemplateContents: "Hi ${name}", SignID: 101, Action: action,
		}); err != nil {
			t.Fatal(err)
		}
	}
	r := env.Resources(t, "contactcenter_sms_template")
	config := func(extra string) []any {
		return []any{r.Config(fmt.Sprintf("template_name = \"Drafted\"\ntemplate_contents = \"Hi $${name}\"\nsign_id = %q\n%s\n", fmt.Sprint(sg.ID), extra))}
	}
	expect := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	submitted, draft := config(""), config("submit_for_review = false")
	tpl := r.Apply(nil, submitted)
	r.CheckPlanEmpty(tpl, submitted)
	if err := env.Sim.Review("sms_template", "3001", 1, ""); err != nil {
		t.Fatal(err)
	}

	// Saved as a draft in the portal.
	save(client.TemplateActionDraft)
	tpl = r.Apply(tpl, submitted)
	if tpl[0].Action != "update" {
		t.Errorf("approved template saved as a draft: planned %s, want update", tpl[0].Action)
	}
	expect("planned submit_for_review", r.ExpectPlannedValue(tpl[0], tfjsonpath.New("submit_for_review"), knownvalue.Bool(true)))
	expect("state", r.ExpectKnownValue(tpl[0], tfjsonpath.New("state"), knownvalue.Int64Exact(0)))
	expect("submit_for_review", r.ExpectKnownValue(tpl[0], tfjsonpath.New("submit_for_review"), knownvalue.Bool(true)))
	r.CheckPlanEmpty(tpl, submitted)

	tpl = r.Apply(tpl, draft)
	r.CheckPlanEmpty(tpl, draft)

	// A draft of the configuration submitted in the portal.
	save(client.TemplateActionSubmit)
	tpl = r.Apply(tpl, draft)
	if tpl[0].Action != "update" {
		t.Errorf("draft submitted in the portal: planned %s, want update", tpl[0].Action)
	}
	expect("state after saving the draft again", r.ExpectKnownValue(tpl[0], tfjsonpath.New("state"), knownvalue.Int64Exact(-1)))
	r.CheckPlanEmpty(tpl, draft)
	r.Destroy(tpl)
}
