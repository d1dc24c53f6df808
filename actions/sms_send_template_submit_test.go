package actions_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A template that is not approved, whose plan sends it for review without
// editing its text: a draft submitted (submit_for_review false to true) or a
// rejected one renamed, under wait_for_approval = true. The apply of that
// change waits for the approval (and fails if the review rejects it), so
// the send that the template's change triggers runs only with an approved
// template; its plan still said "SMS Template Not Approved ... the send will
// be refused", as it did for an edit of the text before ed655e7. Without
// wait_for_approval it is said, and the values are checked against the
// text as it reads now.
func TestSMSSendAction_planFollowsTemplateSubmitNotApproved(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name          string
		state, review int64 // in the state, on the platform
		change        func(prior, config map[string]any)
	}{
		{"draft submitted", -1, 2, func(prior, config map[string]any) {
			prior["submit_for_review"] = false
			config["submit_for_review"] = true
		}},
		{"rejected renamed", 2, 2, func(prior, config map[string]any) { config["template_name"] = "Parcel 2" }},
		// Nothing the review looks at changes: the apply only waits for
		// the pending review (planReview).
		{"pending, nothing sent", 0, 0, func(prior, config map[string]any) {
			prior["wait_for_approval"] = false
		}},
	} {
		for _, wait := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/wait_for_approval=%v", c.name, wait), func(t *testing.T) {
				t.Parallel()
				env := acctest.New(t)
				srv := env.ActionServer(t)
				const text = "Hi ${name}, your parcel is ready"
				tid := approvedTemplate(t, env, text)
				if err := env.Sim.Review("sms_template", tid, int(c.review), "wording"); err != nil {
					t.Fatal(err)
				}
				id, _ := strconv.ParseInt(tid, 10, 64)
				held, err := env.Client(t).SMS.GetTemplate(t.Context(), id)
				if err != nil {
					t.Fatal(err)
				}
				dv := func(v any) *tfprotov6.DynamicValue {
					b, err := json.Marshal(v)
					if err != nil {
						t.Fatal(err)
					}
					return &tfprotov6.DynamicValue{JSON: b}
				}
				config := map[string]any{"template_name": "Parcel", "template_contents": text, "sign_id": int64(held.NewSignID), "wait_for_approval": wait}
				prior := map[string]any{"id": tid, "template_name": "Parcel", "template_contents": text, "sign_id": int64(held.NewSignID),
					"dept_id": int64(held.DeptID), "submit_for_review": true, "wait_for_approval": wait, "state": c.state, "state_name": "x", "reason": "wording",
					"tpl_id": int64(held.TplID), "tpl_param": []string{"name"}, "tpl_type": int64(held.TplType), "sign_text": string(held.SignText)}
				c.change(prior, config)
				proposed := maps.Clone(prior)
				maps.Copy(proposed, config)
				plan, err := srv.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{
					TypeName: "contactcenter_sms_template", PriorState: dv(prior), ProposedNewState: dv(proposed), Config: dv(config),
				})
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range plan.Diagnostics {
					if d.Severity == tfprotov6.DiagnosticSeverityError {
						t.Fatalf("template plan: %s: %s", d.Summary, d.Detail)
					}
				}
				res := acctest.PlanOnly(t, srv, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": []any{
					map[string]any{"mobile": "13800000031", "params": map[string]string{"nmae": "Ann"}},
				}})
				w := map[string]string{}
				for _, d := range res.Diagnostics {
					w[d.Summary] += d.Detail
				}
				if wait {
					if d, ok := w["SMS Template Not Approved"]; ok {
						t.Errorf("the template's change waits for the approval (the send runs only once it is approved): the send's plan said %q", d)
					}
				} else if !strings.Contains(w["SMS Template Not Approved"], fmt.Sprintf(`Template %s ("Parcel") is %s (state %d) now`, tid, map[int64]string{0: "pending review", 2: "rejected"}[c.review], c.review)) {
					t.Errorf("want the send's plan to say the template is not approved, got %v", w)
				}
				// The text is not edited: the values are checked against it
				// as it reads now.
				if d := w["Missing Template Value"]; !strings.Contains(d, "has no value for ${name}") || !strings.Contains(d, "As template "+tid+" reads now") {
					t.Errorf("want the missing value said against the text as it reads now, got %v", w)
				}
			})
		}
	}
}
