package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A template whose configuration leaves submit_for_review out (it
// defaults to true) is saved as a draft in the portal (state -1), which
// cannot send: someone withdrew it. The next plan, made for anything
// else, submitted it for review again, `submit_for_review = false ->
// true`, and said nothing; once approved it could send. The plan now
// warns, naming the template; a configured submit_for_review does not
// warn, and lifecycle ignore_changes leaves it to the portal.
func TestAccSMSTemplate_defaultSubmitsDraftWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(smsTemplateConfig("Reminder", "Your bill is due.", ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	c := env.Client(t)
	tpl, err := c.SMS.GetTemplate(t.Context(), 3001)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.SMS.UpdateTemplate(t.Context(), 3001, client.SMSTemplateInput{TemplateName: "Reminder", TemplateContents: "Your bill is due.",
		SignID: int64(tpl.NewSignID), Action: 1}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`submit_for_review = false -> true`,
		`Warning: SMS Template Submitted for Review by the Default`,
		`SMS template 3001 ("Reminder") is a draft (it cannot send) on the platform (submit_for_review = false), saved as a draft outside this configuration, whose submit_for_review is not set and defaults to true: this apply submits it for review, and once approved it can be sent.`,
		`To keep it a draft, set submit_for_review = false; to leave it to the portal, add lifecycle { ignore_changes = [submit_for_review] }.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	w.WriteBody(smsTemplateConfig("Reminder", "Your bill is due.", "  submit_for_review = true"))
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "by the Default") {
		t.Errorf("submit_for_review = true is configured, and the plan warns:\n%s", out)
	}
	w.WriteBody(smsTemplateConfig("Reminder", "Your bill is due.", "  lifecycle {\n    ignore_changes = [submit_for_review]\n  }"))
	w.Must(0, "plan", "-no-color", "-detailed-exitcode")
}
