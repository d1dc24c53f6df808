package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccLostStateImportByKeyHint: a configuration applied again after
// its state was lost meets its own skill group, SMS signature and SMS
// template, whose names (a signature's text) are unique, and the create
// is refused. The agent's refusal named the import block by key
// (id = "user_num:…"), which needs no id and suits a for_each; the
// group's, the signature's and the template's named only terraform import
// by id. Each names its import block by key, and that block adopts the
// object.
func TestAccLostStateImportByKeyHint(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	first := `
resource "contactcenter_skill_group" "g" {
  que_name     = "Support"
  que_priority = 1
}
resource "contactcenter_sms_signature" "s" {
  sign_text = "Acme Support"
}
resource "contactcenter_sms_template" "t" {
  template_name     = "Callback"
  template_contents = "Hi $${name}"
  sign_id           = contactcenter_sms_signature.s.id
}
`
	old := env.Workdir(t)
	old.WriteBody(first)
	old.Must(0, "init")
	old.Must(0, "apply", "-auto-approve", "-no-color")

	// The state is lost; the template uses another signature, so that its
	// create is tried too (it waits for its signature's).
	second := strings.Replace(first, "sign_id           = contactcenter_sms_signature.s.id", "sign_id           = contactcenter_sms_signature.other.id", 1) + `
resource "contactcenter_sms_signature" "other" {
  sign_text = "Acme Other"
}
`
	lost := env.Workdir(t)
	lost.WriteBody(second)
	lost.Must(0, "init")
	out := strings.Join(strings.Fields(lost.Must(1, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{
		`or an import block with id = "que_name:Support"), or give this resource another que_name.`,
		`or an import block with id = "sign_text:Acme Support"), or give this resource another sign_text.`,
		`or an import block with id = "template_name:Callback"), or give this resource another template_name.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("apply without the state lacks %q:\n%s", want, out)
		}
	}

	// What the hints say adopts the objects (and the other signature,
	// which this configuration no longer has, is deleted).
	lost.WriteBody(first)
	lost.WriteFile("imports.tf", `
import {
  to = contactcenter_skill_group.g
  id = "que_name:Support"
}
import {
  to = contactcenter_sms_signature.s
  id = "sign_text:Acme Support"
}
import {
  to = contactcenter_sms_template.t
  id = "template_name:Callback"
}
`)
	lost.Must(0, "apply", "-auto-approve", "-no-color")
	lost.Must(0, "plan", "-detailed-exitcode", "-no-color")
}
