package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

const signListPath = "POST /open/sms/sign/list"

// TestAccSMSSignature_planWarnsTakenText: a state lost, or a signature
// made in the portal after the plan: the plan of a signature whose
// sign_text another signature holds showed a plain create, and only the
// apply was refused. The plan now warns, naming the signature's id and the
// import block by text; in a plan that refreshes signatures (one of them
// new), at no cost beyond the refresh's list, and in one that refreshes
// none at the cost of one list. Another text plans without a word.
func TestAccSMSSignature_planWarnsTakenText(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	sg, err := env.Client(t).SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme Parcels"})
	if err != nil {
		t.Fatal(err)
	}
	sig := func(addr, text string) string {
		return fmt.Sprintf("resource \"contactcenter_sms_signature\" %q {\n  sign_text = %q\n}\n", addr, text)
	}
	w := env.Workdir(t)
	w.WriteBody(sig("news", "Acme News"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	w.WriteBody(sig("news", "Acme News") + sig("parcels", "Acme Parcels") + sig("bills", "Acme Bills"))
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-no-color", "-refresh=false"}} {
		lists := env.Sim.Stats()[signListPath]
		out := flat(w.Must(0, args...))
		for _, want := range []string{
			"Warning: SMS Signature Already Exists",
			"with contactcenter_sms_signature.parcels,",
			fmt.Sprintf(`This plan creates a new SMS signature with sign_text = "Acme Parcels", and the contact center already has SMS signature %d with that sign_text. `+
				"The sign_text is unique on the platform, so the apply will refuse this create", sg.ID.Int64()),
			`import { to = <the address of this resource, shown above> id = "sign_text:Acme Parcels" }`,
		} {
			if !strings.Contains(out, want) {
				t.Errorf("terraform %v lacks %q:\n%s", args, want, out)
			}
		}
		if n := strings.Count(out, "Already Exists"); n != 1 {
			t.Errorf("terraform %v: %d warnings, want 1 (Acme Bills is free, Acme News is this configuration's):\n%s", args, n, out)
		}
		if n := env.Sim.Stats()[signListPath] - lists; n != 1 {
			t.Errorf("terraform %v listed the signatures %d times, want 1", args, n)
		}
	}
	w.WriteBody(sig("news", "Acme News"))
	w.Must(0, "destroy", "-auto-approve", "-no-color")
}
