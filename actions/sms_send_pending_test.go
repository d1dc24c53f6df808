package actions_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestSMSSendAction_pendingNamesWaitForApproval: a template created in the
// same apply as the send that an action_trigger runs, without
// wait_for_approval, is still in review when the send runs. The refusal
// said "Once it is approved, run the action again" and did not name the
// setting that makes the apply wait for the review (the gateway's action
// does); the plan's warning of a pending template did not either.
func TestSMSSendAction_pendingNamesWaitForApproval(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "P", TemplateContents: "Hi ${name}", SignID: int64(sg.ID)})
	if err != nil {
		t.Fatal(err)
	}
	config := map[string]any{
		"template_id": fmt.Sprint(tp.ID), "recipients": []any{map[string]any{"mobile": "13800138000", "params": map[string]string{"name": "Ann"}}},
	}
	const hint = "wait_for_approval = true on the contactcenter_sms_template"
	plan := acctest.PlanOnly(t, env.ActionServer(t), "contactcenter_sms_send", config)
	var warned string
	for _, d := range plan.Diagnostics {
		if d.Severity == tfprotov6.DiagnosticSeverityWarning && d.Summary == "SMS Template Not Approved" {
			warned = d.Detail
		}
	}
	if !strings.Contains(warned, "pending review (state 0) now") || !strings.Contains(warned, hint+" makes the apply wait for the review") {
		t.Errorf("the plan's warning of a pending template does not name wait_for_approval: %q", warned)
	}
	res := env.RunAction(t, "contactcenter_sms_send", config)
	if !res.HasError() || !strings.Contains(res.Text(), "is pending review (state 0); only approved templates can send. Nothing was sent.") ||
		!strings.Contains(res.Text(), "To send in the same apply that creates or edits the template (action_trigger), set "+hint) {
		t.Errorf("phase %s: %s", res.Phase, res.Text())
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 0 {
		t.Errorf("nothing may be sent, sms/send called %d times", n)
	}
}

// TestActions_rerunHintNamesCountIndex: the advice on running a failed
// action again gave one form for an action with for_each or count,
// -invoke='action.<type>.<name>["key"]'; an instance of count is [0], and
// Terraform answers ["0"] with "Targeted action does not exist after
// expansion".
func TestActions_rerunHintNamesCountIndex(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	res := env.RunAction(t, "contactcenter_outbound_task_status", map[string]any{"ids": []string{"99999"}, "status": "open"})
	want := `-invoke='action.contactcenter_outbound_task_status.<name>["key"]' for for_each, -invoke='action.contactcenter_outbound_task_status.<name>[0]' for count)`
	if !strings.Contains(res.Text(), want) {
		t.Errorf("the advice to run it again does not give count's [0]:\n%s", res.Text())
	}
}

// TestSMSSendAction_unknownPointsToResend: after a batch whose answer was
// lost, the error says to send again only to the numbers found not sent,
// which a list from a file made a chore; it now points to the guide
// whose configuration sends to the recipients without a record.
func TestSMSSendAction_unknownPointsToResend(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}")
	postAdmin(t, env, "/_sim/faults", `{"force":[{"method":"POST","path":"/open/sms/send","lost":true,"count":1}]}`)
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": []any{
		map[string]any{"mobile": "13900000031", "params": map[string]string{"name": "A"}},
		map[string]any{"mobile": "13900000032", "params": map[string]string{"name": "B"}},
	}})
	if !strings.Contains(res.Text(), "SMS Outcome Unknown") ||
		!strings.Contains(res.Text(), "The guide \"SMS to a list from a file\" shows a configuration that sends to the recipients without a record.") {
		t.Errorf("diagnostics: %s", res.Text())
	}
}
