package actions_test

import (
	"fmt"
	"maps"
	"strings"
	"testing"

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
				tid, prior, config := templateInPlan(t, env, "Hi ${name}, your parcel is ready", c.review, c.state, wait)
				c.change(prior, config)
				proposed := maps.Clone(prior)
				maps.Copy(proposed, config)
				planTemplate(t, srv, prior, proposed, config)
				w := sendPlanSays(t, srv, tid, map[string]string{"nmae": "Ann"})
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
