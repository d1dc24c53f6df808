package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A marketing team changes a template's text in the portal after the plan
// (a saved plan applied once reviewed), and the plan renames it:
// template/update writes every field (§3.2), and the edit sent the text
// refreshed at plan time, putting back the portal's change without a word,
// also under lifecycle { ignore_changes = [template_contents] }, where the
// portal owns the text. A field the plan does not change is now sent as the
// platform holds it, and the read-back says it differs from the plan.
func TestAccSMSTemplate_portalEditAfterPlanKept(t *testing.T) {
	t.Parallel()
	for name, lifecycle := range map[string]string{
		"ignore_changes": "  lifecycle {\n    ignore_changes = [template_contents]\n  }",
		"managed":        "",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			c := env.Client(t)
			w := env.Workdir(t)
			w.WriteBody(smsTemplateConfig("Delivery", "Hi $${name}, your parcel arrives today.", lifecycle))
			w.Must(0, "apply", "-auto-approve", "-no-color")
			w.WriteBody(smsTemplateConfig("Delivery notice", "Hi $${name}, your parcel arrives today.", lifecycle))
			w.Must(0, "plan", "-out", "rename.tfplan", "-no-color")
			const tplID, sign = 3001, 101 // the simulator's first
			if _, err := c.SMS.UpdateTemplate(t.Context(), tplID, client.SMSTemplateInput{
				TemplateName: "Delivery", TemplateContents: "Hi ${name}, your parcel arrives between 9 and 12.", SignID: sign,
			}); err != nil {
				t.Fatal(err)
			}
			out := strings.Join(strings.Fields(w.Must(0, "apply", "-no-color", "rename.tfplan")), " ")
			tpl, err := c.SMS.GetTemplate(client.FreshReads(t.Context()), tplID)
			if err != nil {
				t.Fatal(err)
			}
			if string(tpl.TplTitle) != "Delivery notice" || string(tpl.TplText) != "Hi ${name}, your parcel arrives between 9 and 12." {
				t.Errorf("after the rename the template is %q with the text %q; want renamed, with the portal's text", string(tpl.TplTitle), string(tpl.TplText))
			}
			want := `template_contents: planned "Hi ${name}, your parcel arrives today.", read back "Hi ${name}, your parcel arrives between 9 and 12."`
			if !strings.Contains(out, want) {
				t.Errorf("the apply does not say %q:\n%s", want, out)
			}
		})
	}
}
