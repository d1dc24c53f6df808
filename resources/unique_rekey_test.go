package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// uniqueForEach is an SMS signature, a template using it and a skill
// group, each under a for_each key.
func uniqueForEach(key string) string {
	return fmt.Sprintf(`
locals { key = %q }

resource "contactcenter_sms_signature" "s" {
  for_each  = toset([local.key])
  sign_text = "Rekey Parcels"
}

resource "contactcenter_sms_template" "t" {
  for_each          = toset([local.key])
  template_name     = "Rekey notice"
  template_contents = "Your parcel $${code} is on its way"
  sign_id           = contactcenter_sms_signature.s[each.key].id
}

resource "contactcenter_skill_group" "g" {
  for_each     = toset([local.key])
  que_name     = "Rekey Sales"
  que_priority = 1
}
`, key)
}

// TestAccUniqueValue_rekeyWarnsAtPlan: a for_each key changed without a
// moved block on an SMS signature that a template uses deletes the
// signature at the old address and creates one with the same sign_text at
// the new one: the create is refused when it runs before the delete, the
// old one cannot be deleted while a template uses it, and applies failed,
// with advice to import the old signature that made the next plan delete
// it. The warning said such an apply fails "every time", which holds only
// while templates stay on the old signature (here the template is re-keyed
// too, and is deleted first). The plan now warns, for the signature, the template and the skill
// group (names unique on the platform), and says to add a moved block; a
// plan with moved blocks, a first apply and an empty plan do not warn.
func TestAccUniqueValue_rekeyWarnsAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	w.WriteBody(uniqueForEach("acme"))
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); strings.Contains(out, "Deleted and Created Again") {
		t.Errorf("a first apply warns:\n%s", out)
	}
	moved := `
moved {
  from = contactcenter_sms_signature.s["acme"]
  to   = contactcenter_sms_signature.s["parcels"]
}
moved {
  from = contactcenter_sms_template.t["acme"]
  to   = contactcenter_sms_template.t["parcels"]
}
moved {
  from = contactcenter_skill_group.g["acme"]
  to   = contactcenter_skill_group.g["parcels"]
}
`
	w.WriteBody(uniqueForEach("parcels") + moved)
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Deleted and Created Again") {
		t.Errorf("a plan with moved blocks warns:\n%s", out)
	}
	w.WriteBody(uniqueForEach("parcels"))
	out := flat(w.Must(0, "plan", "-no-color"))
	for _, want := range []string{
		`SMS Signature Deleted and Created Again`,
		`This plan deletes the SMS signature whose sign_text is "Rekey Parcels" at one address and creates one with the same sign_text at another: ` +
			`a for_each key or a resource name changed without a moved block, or an element removed from a list that count iterates. sign_text is unique on the platform: ` +
			`the create is refused when Terraform runs it before the delete (it runs them in any order), and templates that still use the old signature keep it ` +
			`from being deleted until they use the new one, which cannot be created first: while such templates stay, the apply fails every time.`,
		`SMS Template Deleted and Created Again`, `whose template_name is "Rekey notice"`,
		`Skill Group Deleted and Created Again`, `whose que_name is "Rekey Sales"`,
		`Add a moved block from the old address to the new one`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("plan of keys changed without moved blocks lacks %q:\n%s", want, out)
		}
	}
	w.WriteBody(uniqueForEach("parcels") + moved)
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); strings.Contains(out, "Deleted and Created Again") {
		t.Errorf("the apply with moved blocks warns:\n%s", out)
	}
	if out := w.Must(0, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "Deleted and Created Again") {
		t.Errorf("an empty plan warns:\n%s", out)
	}
	w.Must(0, "destroy", "-auto-approve", "-no-color")
}
