package resources_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// An update of an SMS template that reached the platform but whose wait
// for the review then failed (the update timeout ran out) kept the record
// of the configured defaults of the apply before (configured_defaults:
// submit_for_review = false), though the template was submitted as the
// new configuration asked. The next apply sends nothing (the plan is
// empty), so the record stayed: a draft saved in the portal after that
// was submitted again by the next apply, the plan showing only
// submit_for_review = false -> true, without "SMS Template Submitted for
// Review by the Default", since the record said this configuration had set
// false.
func TestAccDefaultRecord_writtenWhenTheWaitFails(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	cfg := func(extra string) string {
		return `
resource "contactcenter_sms_signature" "s" {
  sign_text = "Acme Drafts"
}

resource "contactcenter_sms_template" "t" {
  template_name     = "Drafted"
  template_contents = "Hello $${x}"
  sign_id           = contactcenter_sms_signature.s.id
` + extra + `
}
`
	}
	w.WriteBody(cfg("  submit_for_review = false"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	// The line removed to have the template submitted, and waited for.
	w.WriteBody(cfg("  wait_for_approval = true\n  timeouts = { update = \"1s\" }"))
	if out := w.Must(1, "apply", "-auto-approve", "-no-color"); !strings.Contains(out, "Review Not Finished") {
		t.Fatalf("the update's wait did not run out:\n%s", out)
	}
	c := env.Client(t)
	list, err := client.Collect(c.SMS.ListTemplates(t.Context(), client.SMSTemplateFilter{}))
	if err != nil || len(list) != 1 {
		t.Fatalf("templates %v, %v", list, err)
	}
	tpl := list[0]
	if err := env.Sim.Review("sms_template", strconv.FormatInt(tpl.ID.Int64(), 10), 1, ""); err != nil {
		t.Fatal(err)
	}
	w.Must(0, "apply", "-auto-approve", "-no-color")
	// Saved as a draft in the portal.
	if _, err := c.SMS.UpdateTemplate(t.Context(), tpl.ID.Int64(), client.SMSTemplateInput{
		TemplateName: "Drafted", TemplateContents: "Hello ${x}", SignID: tpl.NewSignID.Int64(), Action: 1,
	}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	if !strings.Contains(out, "submit_for_review = false -> true") {
		t.Fatalf("the plan does not submit the draft:\n%s", out)
	}
	if !strings.Contains(out, "SMS Template Submitted for Review by the Default") || !strings.Contains(out, "saved as a draft outside this configuration") {
		t.Errorf("a draft saved in the portal is submitted by the default, and the plan does not warn:\n%s", out)
	}
}
