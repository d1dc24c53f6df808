package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

const templateListPath = "POST /open/sms/template/list"

// TestAccSMSTemplate_planWarnsTakenName: a state lost, or a template made
// in the portal after the plan: the plan of a template whose
// template_name another template holds showed a plain create, and only
// the apply was refused. The plan now warns, naming the template's id and
// the import block by name; in a plan that refreshes templates (one of
// them new), at no cost beyond the refresh's list, and in one that
// refreshes none at the cost of one list. Another name plans without a
// word.
func TestAccSMSTemplate_planWarnsTakenName(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Parcel notice", TemplateContents: "Your parcel is here", SignID: sg.ID.Int64(), Action: 1})
	if err != nil {
		t.Fatal(err)
	}
	tpl := func(addr, name string) string {
		return fmt.Sprintf("resource \"contactcenter_sms_template\" %q {\n  template_name     = %q\n  template_contents = \"Hello\"\n  sign_id           = %d\n  submit_for_review = false\n}\n",
			addr, name, sg.ID.Int64())
	}
	w := env.Workdir(t)
	w.WriteBody(tpl("hello", "Hello"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(tpl("hello", "Hello") + tpl("parcel", "Parcel notice") + tpl("bill", "Bill notice"))
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-no-color", "-refresh=false"}} {
		lists := env.Sim.Stats()[templateListPath]
		out := flat(w.Must(0, args...))
		for _, want := range []string{
			"Warning: SMS Template Already Exists",
			"with contactcenter_sms_template.parcel,",
			fmt.Sprintf(`This plan creates a new SMS template with template_name = "Parcel notice", and the contact center already has SMS template %d with that template_name. `+
				"The template_name is unique on the platform, so the apply will refuse this create", tp.ID.Int64()),
			`import { to = <the address of this resource, shown above> id = "template_name:Parcel notice" }`,
		} {
			if !strings.Contains(out, want) {
				t.Errorf("terraform %v lacks %q:\n%s", args, want, out)
			}
		}
		if n := strings.Count(out, "Already Exists"); n != 1 {
			t.Errorf("terraform %v: %d warnings, want 1 (Bill notice is free, Hello is this configuration's):\n%s", args, n, out)
		}
		if n := env.Sim.Stats()[templateListPath] - lists; n != 1 {
			t.Errorf("terraform %v listed the templates %d times, want 1", args, n)
		}
	}
	w.WriteBody(tpl("hello", "Hello"))
	w.Must(0, "destroy", "-auto-approve", "-no-color")
}
