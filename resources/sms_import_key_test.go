package resources_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestSMS_importByTextAndName: an SMS signature is imported as
// sign_text:<text> and a template as template_name:<name>, which name the
// same object in every contact center (a configuration exported from
// staging and planned against production), where an id names whichever
// object holds it there. Only the exact value is taken: "Acme" is not
// "Acme Ltd" (the list calls match by part), nor "acme"; an empty value
// is refused as such.
func TestSMS_importByTextAndName(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	ids := map[string]string{}
	for _, text := range []string{"Acme Ltd", "Acme", "Beta"} {
		sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: text})
		if err != nil {
			t.Fatal(err)
		}
		ids["sign_text:"+text] = strconv.FormatInt(sg.ID.Int64(), 10)
		name := "Notice " + text
		tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: name, TemplateContents: "Hi ${name}", SignID: sg.ID.Int64()})
		if err != nil {
			t.Fatal(err)
		}
		ids["template_name:"+name] = strconv.FormatInt(tp.ID.Int64(), 10)
	}
	imported := func(typ, id string) (map[string]any, []*tfprotov6.Diagnostic) { return env.ImportByID(t, typ, id) }
	for _, tc := range []struct {
		typ, prefix, field, value string
		values                    []string
		wrong                     string
	}{
		{"contactcenter_sms_signature", "sign_text:", "sign_text", "signature text", []string{"Acme", "Acme Ltd", "Beta"}, "acme"},
		{"contactcenter_sms_template", "template_name:", "template_name", "template name", []string{"Notice Acme", "Notice Acme Ltd", "Notice Beta"}, "Notice"},
	} {
		for _, value := range tc.values {
			state, diags := imported(tc.typ, tc.prefix+value)
			if state == nil {
				t.Fatalf("%s %s%s: diagnostics %v", tc.typ, tc.prefix, value, diags)
			}
			got, _ := state["id"].(string)
			if want := ids[tc.prefix+value]; got != want {
				t.Errorf("%s %s%s imported id %s, want %s", tc.typ, tc.prefix, value, got, want)
			}
			wait, _ := state["wait_for_approval"].(bool)
			if wait {
				t.Errorf("%s %s%s imported wait_for_approval = true, want its default false", tc.typ, tc.prefix, value)
			}
		}
		_, diags := imported(tc.typ, tc.prefix+tc.wrong)
		if len(diags) != 1 || !strings.HasPrefix(diags[0].Summary, "Cannot Import Non-Existent") ||
			!strings.Contains(diags[0].Detail, tc.field+` "`+tc.wrong+`": not found: no SMS`) {
			t.Errorf("%s %s%s: want the value refused as not found, got %v", tc.typ, tc.prefix, tc.wrong, diags)
		}
		_, diags = imported(tc.typ, tc.prefix+" ")
		if len(diags) != 1 || diags[0].Summary != "Invalid Import ID" || !strings.Contains(diags[0].Detail, "got an empty "+tc.value+". Write the "+tc.value+" after "+tc.prefix+" ") {
			t.Errorf("%s %s with no value: want Invalid Import ID, got %v", tc.typ, tc.prefix, diags)
		}
		_, diags = imported(tc.typ, "Acme")
		if len(diags) != 1 || diags[0].Summary != "Invalid Import ID" || !strings.Contains(diags[0].Detail, "or as "+tc.prefix) {
			t.Errorf("%s Acme (neither a number nor %s): want Invalid Import ID naming both forms, got %v", tc.typ, tc.prefix, diags)
		}
	}
}
