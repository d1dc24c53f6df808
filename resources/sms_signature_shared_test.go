package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccSMSSignature_destroyUsedElsewhereWarns: one team's signature, and
// another team's templates that use it (found through
// data.contactcenter_sms_signatures). The first team's destroy plan showed
// a plain destroy while is_used was true, and the apply failed at the
// signature's delete (sms/sign/delete answers 409) after destroying what it
// could. The plan warns, naming the templates it does not delete; the
// configuration's own template, which the same destroy deletes, is not
// named, and a signature only its own templates use plans without it.
func TestAccSMSSignature_destroyUsedElsewhereWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	w.WriteBody(`
resource "contactcenter_sms_signature" "acme" {
  sign_text = "Acme"
}
resource "contactcenter_sms_template" "own" {
  template_name     = "Own"
  template_contents = "Hi"
  sign_id           = contactcenter_sms_signature.acme.id
}
output "id" {
  value = contactcenter_sms_signature.acme.id
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	id := mustAtoi(t, strings.Trim(strings.TrimSpace(w.Must(0, "output", "-json", "id")), `"`))
	const title = "Warning: SMS Signature Still Used by Templates"
	if out := w.Must(0, "plan", "-destroy", "-no-color"); strings.Contains(out, title) {
		t.Errorf("a destroy of the signature with the one template that uses it warns:\n%s", out)
	}
	// The other team's template.
	tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Made elsewhere", TemplateContents: "Hi", SignID: id})
	if err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-destroy", "-no-color")), " ")
	want := fmt.Sprintf(`SMS signature %d ("Acme") is used by 1 SMS template(s) that this plan does not delete or move to another signature: %d "Made elsewhere".`, id, tp.ID.Int64())
	if !strings.Contains(out, title) || !strings.Contains(out, want) || strings.Contains(out, `"Made elsewhere", `) || strings.Contains(out, `: 3001 "Own"`) {
		t.Errorf("destroy plan lacks %q (and not the configuration's own template):\n%s", want, out)
	}
	if err := c.SMS.DeleteTemplate(t.Context(), tp.ID.Int64()); err != nil {
		t.Fatal(err)
	}
	if out := w.Must(0, "plan", "-destroy", "-no-color"); strings.Contains(out, title) {
		t.Errorf("destroy plan warns after the other template was deleted:\n%s", out)
	}
}

// TestAccSMSSignature_removedUsedSinceApplyWarns: a signature's for_each
// key removed after a template was made with it elsewhere (is_used false
// in state, true on the platform). Terraform 1.11 plans the delete of an
// instance no longer in the configuration from the state it had before
// the plan's refresh: the warning gated on the state's is_used, the plan
// was silent, and the apply failed at the signature's delete
// (sms/sign/delete answers 409).
func TestAccSMSSignature_removedUsedSinceApplyWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	w.WriteBody(`
variable "teams" {
  type    = set(string)
  default = ["acme"]
}
resource "contactcenter_sms_signature" "team" {
  for_each  = var.teams
  sign_text = "Team ${each.key}"
}
output "id" {
  value = try(contactcenter_sms_signature.team["acme"].id, null)
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	id := mustAtoi(t, strings.Trim(strings.TrimSpace(w.Must(0, "output", "-json", "id")), `"`))
	tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Made elsewhere", TemplateContents: "Hi", SignID: id})
	if err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color", "-var", "teams=[]")), " ")
	want := fmt.Sprintf(`SMS signature %d ("Team acme") is used by 1 SMS template(s) that this plan does not delete or move to another signature: %d "Made elsewhere".`, id, tp.ID.Int64())
	if !strings.Contains(out, "Warning: SMS Signature Still Used by Templates") || !strings.Contains(out, want) {
		t.Errorf("plan removing the signature lacks %q:\n%s", want, out)
	}
	// -refresh=false plans any destroy from the saved state as well.
	out = strings.Join(strings.Fields(w.Must(0, "plan", "-destroy", "-refresh=false", "-no-color")), " ")
	if !strings.Contains(out, want) {
		t.Errorf("destroy plan with -refresh=false lacks %q:\n%s", want, out)
	}
}

// TestAccSMSSignature_removedWithItsTemplatesSaysSo: a signature and its
// template removed together from a for_each. Terraform plans the
// signature's destroy before the template's (it is the other way in
// terraform plan -destroy), so the warning named the configuration's own
// template as if another configuration used the signature, and said
// nothing of it. It now says that templates this plan also destroys are
// named too and deleted first; the apply succeeds.
func TestAccSMSSignature_removedWithItsTemplatesSaysSo(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(`
variable "teams" {
  type    = set(string)
  default = ["acme"]
}
resource "contactcenter_sms_signature" "team" {
  for_each  = var.teams
  sign_text = "Team ${each.key}"
}
resource "contactcenter_sms_template" "team" {
  for_each          = var.teams
  template_name     = "Team ${each.key}"
  template_contents = "Hi"
  sign_id           = contactcenter_sms_signature.team[each.key].id
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.Must(0, "apply", "-auto-approve", "-no-color") // is_used = true in state, as after any later apply
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color", "-var", "teams=[]")), " ")
	for _, want := range []string{`SMS signature 101 ("Team acme") is used by 1 SMS template(s) that this plan does not delete or move to another signature: 3001 "Team acme".`,
		"When this signature's resource is no longer in the configuration (its for_each key, count index or module instance removed, or its block deleted), " +
			"Terraform may plan its destroy before those of the templates removed with it (for a for_each key or count index it does), so this configuration's own templates that this plan also destroys " +
			"may be named too: the apply deletes them first, and for them this warning does not apply."} {
		if !strings.Contains(out, want) {
			t.Errorf("plan removing the signature and its template lacks %q:\n%s", want, out)
		}
	}
	w.Must(0, "apply", "-auto-approve", "-no-color", "-var", "teams=[]")
}

// TestAccSMSSignature_replacedBesideOtherTemplatesSaysWhatNext: a
// signature replaced with create_before_destroy while a template made
// elsewhere uses it. The new signature is made and this configuration's
// template moved to it; the old one's delete is refused. The error
// advised create_before_destroy, which the resource already had, and
// said nothing of the template that did not move nor of the next apply.
func TestAccSMSSignature_replacedBesideOtherTemplatesSaysWhatNext(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	cfg := func(text string) string {
		return `
resource "contactcenter_sms_signature" "s" {
  sign_text = "` + text + `"
  lifecycle {
    create_before_destroy = true
  }
}
resource "contactcenter_sms_template" "own" {
  template_name     = "Own"
  template_contents = "Hi"
  sign_id           = contactcenter_sms_signature.s.id
}
output "id" {
  value = contactcenter_sms_signature.s.id
}
`
	}
	w.WriteBody(cfg("Brand"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	id := mustAtoi(t, strings.Trim(strings.TrimSpace(w.Must(0, "output", "-json", "id")), `"`))
	other, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Made elsewhere", TemplateContents: "Hi", SignID: id})
	if err != nil {
		t.Fatal(err)
	}
	w.WriteBody(cfg("Brand 2"))
	code, out := w.Run("apply", "-auto-approve", "-no-color")
	out = strings.Join(strings.Fields(out), " ")
	if code == 0 {
		t.Fatalf("apply deleted a signature a template made elsewhere uses:\n%s", out)
	}
	for _, want := range []string{
		fmt.Sprintf(`%d "Made elsewhere"`, other.ID.Int64()),
		"makes the new signature first and moves this configuration's templates to it before the old one is deleted; " +
			"templates of another configuration, or made in the portal, do not move: point them at the new signature (or delete them), then apply again, " +
			"which deletes the old signature (with create_before_destroy, Terraform keeps it in the state as a deposed object until then).",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("apply's error lacks %q:\n%s", want, out)
		}
	}
	// What the error says to do: move the other template, apply again.
	var newID int64
	for sg, err := range c.SMS.ListSignatures(t.Context(), client.SMSSignatureFilter{SignText: "Brand 2"}) {
		if err != nil {
			t.Fatal(err)
		}
		newID = sg.ID.Int64()
	}
	if _, err := c.SMS.UpdateTemplate(t.Context(), other.ID.Int64(), client.SMSTemplateInput{TemplateName: "Made elsewhere", TemplateContents: "Hi", SignID: newID}); err != nil {
		t.Fatal(err)
	}
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if code, out := w.Run("plan", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Errorf("plan after the second apply: exit %d, want 0\n%s", code, out)
	}
}
