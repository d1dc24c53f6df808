package resources_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccOutboundTask_transToUnknownIVRCode: an automatic task's trans_to
// that is no IVR's code (and neither an IVR's id nor its name, which the
// plan refuses) planned and applied without a word, and the task's
// answered calls reached no menu. The plan warns, naming the code and the
// codes the IVRs have; a code an IVR has plans without a diagnostic, and
// when the IVRs cannot be read nothing is said (the codes are not known).
func TestAccOutboundTask_transToUnknownIVRCode(t *testing.T) {
	t.Parallel()
	config := func(r *acctest.Resources, to string) []any {
		return []any{r.Config(fmt.Sprintf("\n  name     = \"Reminders\"\n  type     = 3\n  trans_to = %q\n", to))}
	}
	env := acctest.New(t)
	r := env.Resources(t, "contactcenter_outbound_task")
	_, diags := r.PlanDiagnostics([]acctest.Instance{{}}, config(r, "ivr-payments"))
	want := `trans_to "ivr-payments" is no IVR's code: an automatic task (type = 3) hands each answered call to the IVR whose code (ivr_code) is trans_to, ` +
		`and the IVRs the platform lists (other/ivrs) have the codes "ivr_main", "ivr_after_hours", "ivr_survey", so unless an IVR of that code is made in the portal ` +
		`before the task dials, its answered calls reach no menu (the platform saves any text). Write one of those codes, or read it by the IVR's name: ` +
		`data "contactcenter_ivrs" with ivr_name set, then one(data.contactcenter_ivrs.x.ivrs).ivr_code.`
	if d := diags[0]; len(d) != 1 || d[0].Severity != tfprotov6.DiagnosticSeverityWarning || d[0].Summary != "No IVR Has This Code" || d[0].Detail != want ||
		fmt.Sprint(d[0].Attribute) != `AttributeName("trans_to")` {
		t.Errorf("trans_to = \"ivr-payments\": diagnostics %v, want one warning on trans_to:\n%s", d, want)
	}
	for _, to := range []string{"ivr_main", "ivr_survey"} {
		if _, diags := r.PlanDiagnostics([]acctest.Instance{{}}, config(r, to)); len(diags[0]) != 0 {
			t.Errorf("trans_to = %q (an IVR's code): diagnostics %v, want none", to, diags[0])
		}
	}

	// The IVRs cannot be read: nothing is said.
	down := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if strings.HasSuffix(req.URL.Path, "/other/ivrs") {
				w.WriteHeader(http.StatusForbidden)
				return
			}
			h.ServeHTTP(w, req)
		})
	})
	rd := down.Resources(t, "contactcenter_outbound_task")
	if _, diags := rd.PlanDiagnostics([]acctest.Instance{{}}, config(rd, "ivr-payments")); len(diags[0]) != 0 {
		t.Errorf("trans_to = \"ivr-payments\", IVRs unreadable: diagnostics %v, want none", diags[0])
	}
}
