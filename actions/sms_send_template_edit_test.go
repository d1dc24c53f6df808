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

// The usual change of a template's text: a variable added to
// contactcenter_sms_template and its values given to the send that the
// template's action_trigger runs after the edit, in one apply. The plan
// checked the values against the text the platform held before the edit:
// it warned "Template 3001 has no variable day (a typo?) ...; those values
// are not sent", and Terraform printed it again at the end of the apply
// that sent them (and a variable removed with its values warned that the
// send "will be refused"). Terraform plans the template before the action
// that refers to it, so the send's plan checks the text the edit writes.
func TestSMSSendAction_planFollowsTemplateEdit(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	const before, after = "Hi ${name}, your parcel is ready", "Hi ${name}, your parcel arrives ${day}"
	tid, prior, config := templateInPlan(t, env, before, 1, 1, true)
	config["template_contents"] = after
	proposed := maps.Clone(prior)
	proposed["template_contents"] = after
	planTemplate(t, srv, prior, proposed, config)

	send := func(params map[string]string) map[string]string { return sendPlanSays(t, srv, tid, params) }
	if w := send(map[string]string{"name": "Ann", "day": "Monday"}); len(w) != 0 {
		t.Errorf("the values of the edited text: want no warning, got %v", w)
	}
	w := send(map[string]string{"name": "Ann", "dya": "Monday"})
	if !strings.Contains(w["Missing Template Value"], "has no value for ${day}") || !strings.Contains(w["Missing Template Value"], "As this apply edits template "+tid) {
		t.Errorf("a typo in a value of the edited text: want it warned as the edit's, got %v", w)
	}
	if !strings.Contains(w["Template Values Not Used"], "no variable dya") {
		t.Errorf("a typo in a value of the edited text: want the stray value warned, got %v", w)
	}

	// That plan was not applied (a `command = plan` run of terraform test),
	// and the next one leaves the text as it is: the send is checked
	// against the text the platform holds, not the edit no plan makes now.
	config["template_contents"] = before
	planTemplate(t, srv, prior, prior, config)
	if w := send(map[string]string{"name": "Ann", "day": "Monday"}); !strings.Contains(w["Template Values Not Used"], "no variable day") {
		t.Errorf("after a plan that no longer edits the text: want the value for no variable warned, got %v", w)
	}
}

// An edit of the text of a template that is not approved (a draft, or one
// the review rejected) does not approve it, and the template's own plan
// warns only of an approved one going back to review: the send's plan
// still says "SMS Template Not Approved" (following the edit, it said
// nothing, and the send was refused at apply).
//
// Unless the edit waits for the approval (wait_for_approval = true): the
// apply of the edit ends once the template is approved (and fails if the
// review rejects it), so the send runs only with an approved template, and
// its plan warned of a refusal that cannot happen.
func TestSMSSendAction_planFollowsTemplateEditNotApproved(t *testing.T) {
	t.Parallel()
	for _, wait := range []bool{false, true} {
		t.Run(fmt.Sprintf("wait_for_approval=%v", wait), func(t *testing.T) {
			t.Parallel()
			planFollowsTemplateEditNotApproved(t, wait)
		})
	}
}

func planFollowsTemplateEditNotApproved(t *testing.T, wait bool) {
	env := acctest.New(t)
	srv := env.ActionServer(t)
	const before, after = "Hi ${name}, your parcel is ready", "Hi ${name}, your parcel arrives ${day}"
	tid, prior, config := templateInPlan(t, env, before, 2, 2, wait)
	config["template_contents"] = after
	proposed := maps.Clone(prior)
	proposed["template_contents"] = after
	planTemplate(t, srv, prior, proposed, config)
	w := sendPlanSays(t, srv, tid, map[string]string{"name": "Ann", "day": "Monday"})
	if wait {
		if d, ok := w["SMS Template Not Approved"]; ok {
			t.Errorf("the edit of a rejected template under wait_for_approval (the send runs only once it is approved): the send's plan said %q", d)
		}
	} else if want := "Template " + tid + ` ("Parcel") is rejected (state 2) now; only approved templates can send`; !strings.Contains(w["SMS Template Not Approved"], want) {
		t.Errorf("the edit of a rejected template: want the send's plan to say %q, got %v", want, w)
	}
	if _, ok := w["Template Values Not Used"]; ok {
		t.Errorf("the values of the edited text: want them taken as the edit's, got %v", w)
	}
}

// templateInPlan makes an approved template of text on env's simulator,
// puts it in review state review there (1 leaves it approved; 0 pending,
// 2 rejected with the reason "wording"), and returns its id with the state
// (review state state) and configuration of the contactcenter_sms_template
// that manages it, as the template's plan starts from them.
func templateInPlan(t *testing.T, env *acctest.Env, text string, review, state int64, wait bool) (tid string, prior, config map[string]any) {
	t.Helper()
	tid = approvedTemplate(t, env, text)
	if review != 1 {
		if err := env.Sim.Review("sms_template", tid, int(review), "wording"); err != nil {
			t.Fatal(err)
		}
	}
	id, _ := strconv.ParseInt(tid, 10, 64)
	held, err := env.Client(t).SMS.GetTemplate(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	config = map[string]any{"template_name": "Parcel", "template_contents": text, "sign_id": int64(held.NewSignID), "wait_for_approval": wait}
	prior = map[string]any{"id": tid, "template_name": "Parcel", "template_contents": text, "sign_id": int64(held.NewSignID),
		"dept_id": int64(held.DeptID), "submit_for_review": true, "wait_for_approval": wait, "state": state,
		"state_name": map[int64]string{-1: "draft", 0: "pending review", 1: "approved", 2: "rejected"}[state],
		"tpl_id":     int64(held.TplID), "tpl_param": []string{"name"}, "tpl_type": int64(held.TplType), "sign_text": string(held.SignText)}
	if state != 1 {
		prior["reason"] = "wording"
	}
	return tid, prior, config
}

// planTemplate plans contactcenter_sms_template in process, from prior to
// proposed under config, as Terraform plans it before the send that refers
// to it; an error diagnostic fails the test.
func planTemplate(t *testing.T, srv tfprotov6.ProviderServerWithActions, prior, proposed, config map[string]any) {
	t.Helper()
	dv := func(v any) *tfprotov6.DynamicValue {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return &tfprotov6.DynamicValue{JSON: b}
	}
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
}

// sendPlanSays plans a send of template tid to one recipient with params
// and returns what its plan said, the details by summary.
func sendPlanSays(t *testing.T, srv tfprotov6.ProviderServerWithActions, tid string, params map[string]string) map[string]string {
	t.Helper()
	res := acctest.PlanOnly(t, srv, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": []any{
		map[string]any{"mobile": "13800000031", "params": params},
	}})
	out := map[string]string{}
	for _, d := range res.Diagnostics {
		out[d.Summary] += d.Detail
	}
	return out
}
