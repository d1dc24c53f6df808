package resources_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccSMSSignature_bracketsWarnedOnce: a signature made in the portal
// with its brackets (【Acme】) and approved so is adopted, and the
// configuration keeps sign_text as written, which the warning itself
// advises ("Keep sign_text as written to keep it"): a new text replaces
// the approved signature. "Signature Text in Brackets" was a validator's,
// shown on every plan of that unchanged configuration. It is now shown by
// the import, and by a plan that writes such a text (a new signature),
// not by a plan that keeps it.
func TestAccSMSSignature_bracketsWarnedOnce(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	sg, err := env.Client(t).SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "【Acme】"})
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(int64(sg.ID), 10)
	if err := env.Sim.Review("sms_signature", id, 1, ""); err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	w.WriteBody(fmt.Sprintf(`
import {
  to = contactcenter_sms_signature.acme
  id = %q
}

resource "contactcenter_sms_signature" "acme" {
  sign_text = "【Acme】"
}
`, id))
	const title = "Warning: Signature Text in Brackets"
	out := flat(w.Must(0, "apply", "-auto-approve", "-no-color"))
	for _, want := range []string{title, "Keep sign_text as written to keep it. This is the value SMS signature " + id + " holds on the platform, read at its import",
		"Apply complete! Resources: 1 imported, 0 added, 0 changed, 0 destroyed."} {
		if !strings.Contains(out, want) {
			t.Errorf("the adopting apply lacks %q:\n%s", want, out)
		}
	}
	for i := range 2 {
		out = flat(w.Must(0, "plan", "-no-color"))
		if !strings.Contains(out, "No changes.") || strings.Contains(out, title) {
			t.Errorf("plan %d of the unchanged configuration: want No changes and no %q:\n%s", i+1, title, out)
		}
	}
	w.WriteBody(`
resource "contactcenter_sms_signature" "acme" {
  sign_text = "【Acme】"
}

resource "contactcenter_sms_signature" "beta" {
  sign_text = "【Beta】"
}
`)
	out = flat(w.Must(0, "plan", "-no-color"))
	if !strings.Contains(out, title) || !strings.Contains(out, `sign_text "【Beta】" is written in brackets`) || strings.Contains(out, `"【Acme】" is written in brackets`) {
		t.Errorf("a plan creating signature 【Beta】 should warn of its brackets only:\n%s", out)
	}
	// A new remark replaces the signature: the create half writes
	// 【Acme】 on a new signature, which goes to review with its brackets,
	// although sign_text is unchanged (whenWritten does not see another
	// attribute's replacement).
	w.WriteBody(`
resource "contactcenter_sms_signature" "acme" {
  sign_text = "【Acme】"
  remark    = "brand"
}
`)
	out = flat(w.Must(0, "plan", "-no-color"))
	for _, want := range []string{"contactcenter_sms_signature.acme must be replaced", title, `sign_text "【Acme】" is written in brackets`,
		"This plan replaces the object (remark changes), and the new one is created with this value."} {
		if !strings.Contains(out, want) {
			t.Errorf("a plan replacing signature 【Acme】 for its remark lacks %q:\n%s", want, out)
		}
	}
}
