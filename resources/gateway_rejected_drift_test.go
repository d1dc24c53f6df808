package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A gateway template (and signature) the review rejects after an apply that
// did not wait for it cannot send; every plan after was empty and said
// nothing (a pipeline went green), where contactcenter_sms_template warns.
// The plan now warns, with the reviewer's reason and what to do; an
// approved one says nothing.
func TestAccGatewaySMS_rejectedAfterApplyWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(gatewayTemplateConfig("Your code is ${code}.", 1, ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	for _, r := range []struct{ kind, id string }{{"gateway_signature", "3001"}, {"gateway_template", "5001"}} {
		if err := env.Sim.Review(r.kind, r.id, 1, ""); err != nil {
			t.Fatal(err)
		}
	}
	if out := w.Must(0, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "Rejected") {
		t.Errorf("approved: the plan warns:\n%s", out)
	}
	for _, r := range []struct{ kind, id string }{{"gateway_signature", "3001"}, {"gateway_template", "5001"}} {
		if err := env.Sim.Review(r.kind, r.id, 2, "brand not registered"); err != nil {
			t.Fatal(err)
		}
	}
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`Warning: Gateway SMS Template Rejected by Review`,
		`The gateway's review rejected template 5001 (state 2, reason: "brand not registered"): it cannot be used to send. The gateway cannot change or resubmit a template, so unless this plan replaces it, it stays rejected`,
		`change what the reviewer refused (tpl_text, tpl_type, tpl_title, remark, sign_text), or run terraform apply -replace`,
		`Warning: Gateway SMS Signature Rejected by Review`,
		`The gateway's review rejected signature 3001 (state 2, reason: "brand not registered")`,
		`change what the reviewer refused (sign_text, pic_file, remark)`,
		// A way out for a rejected object no one will resubmit, else the
		// warning shows on every plan for good.
		`If it is not wanted any more, remove it from the configuration: the apply only forgets it (the gateway keeps it), and this warning stops.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
}
