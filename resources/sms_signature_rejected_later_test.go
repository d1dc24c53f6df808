package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A signature the review rejects after the apply (a re-review: a licence
// expired) warns at every plan. The warning told the user to "change what
// the reviewer refused and apply, which submits it for review again", the
// SMS template's words: a signature cannot be changed or resubmitted, a new
// sign_text replaces it, and while a template uses it that replacement's
// delete is refused (sms/sign/delete 409), so following the advice failed
// the apply. The warning now says that it is replaced, and how the
// templates move to the new signature.
func TestAccSMSSignature_rejectedLaterWarnsHowToReplace(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(smsTemplateConfig("Code", "Your code is $${code}.", ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if err := env.Sim.Review("sms_signature", "101", 1, ""); err != nil {
		t.Fatal(err)
	}
	w.Must(0, "plan", "-no-color", "-detailed-exitcode")
	if err := env.Sim.Review("sms_signature", "101", 2, "licence expired"); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`Warning: SMS Signature Rejected by Review`,
		`SMS Signature 101 was rejected by the platform's review (reason: "licence expired") and cannot be used to send.`,
		`The platform cannot change or resubmit a signature: to have one reviewed again, change what the reviewer refused (sign_text, remark), or run terraform apply -replace with this resource's address; either creates a new signature, which goes to review.`,
		`SMS templates use this one (is_used = true): the platform refuses to delete it while they do (sms/sign/delete answers 409), so give this resource lifecycle { create_before_destroy = true } and change sign_text`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "which submits it for review again") {
		t.Errorf("the plan says a change submits the signature for review again, where it replaces it:\n%s", out)
	}
}
