package actions_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestGatewaySMSSend_templateNotReadyWarnsAtPlan: a tpl_id known at plan
// naming a template that is pending, rejected or does not exist planned
// without a word, and the gateway refused the send (1016) at invoke, after
// the apply had created the resource whose action_trigger runs it (the
// next plan is empty). The plan reads the template anyway (the length
// check): it now warns, as contactcenter_sms_send does, naming the state
// and the reviewer's reason. An approved template plans without it, and a
// tpl_id known only at invoke is not read.
func TestGatewaySMSSend_templateNotReadyWarnsAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	// Made before the provider's first read: a plan reads the templates
	// as they were when it began.
	approved := setupGateway(t, env, false)
	pending := setupGateway(t, env, true)
	rejected := setupGateway(t, env, true)
	if err := env.Sim.Review("gateway_template", rejected, 2, "the code must not be a variable"); err != nil {
		t.Fatal(err)
	}
	srv := env.ActionServer(t)
	warning := func(tid string) *tfprotov6.Diagnostic {
		t.Helper()
		config := map[string]any{"tpl_id": tid, "mobiles": []string{"13800138001", "13800138002"}, "sms_params": map[string]string{"code": "1234", "name": "Ann"}}
		res := acctest.PlanOnly(t, srv, "contactcenter_gateway_sms_send", config)
		var found *tfprotov6.Diagnostic
		for _, d := range res.Diagnostics {
			switch {
			case d.Severity == tfprotov6.DiagnosticSeverityError:
				t.Errorf("tpl_id %s: an error at plan: %s: %s", tid, d.Summary, d.Detail)
			case strings.HasPrefix(d.Summary, "Gateway SMS Template Not"):
				found = d
				if d.Attribute == nil || !d.Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("tpl_id")) {
					t.Errorf("tpl_id %s: warning at %v, want tpl_id", tid, d.Attribute)
				}
			}
		}
		return found
	}
	if d := warning(approved); d != nil {
		t.Errorf("approved template: %s: %s", d.Summary, d.Detail)
	}
	if d := warning(pending); d == nil || d.Summary != "Gateway SMS Template Not Approved" ||
		d.Detail != "Gateway template "+pending+" (\"otp\") is pending (state 0) now; only approved templates can send, so the gateway will refuse the send (code 1016) "+
			"when the action runs, unless it is approved by then (wait_for_approval = true on the template waits for the review)." {
		t.Errorf("pending template: %+v", d)
	}
	if d := warning(rejected); d == nil || d.Summary != "Gateway SMS Template Not Approved" ||
		!strings.Contains(d.Detail, "is rejected (state 2) now;") || !strings.Contains(d.Detail, "and nothing will be sent: change it as the review asks") ||
		!strings.HasSuffix(d.Detail, " Review reason: the code must not be a variable.") {
		t.Errorf("rejected template: %+v", d)
	}
	id, _ := strconv.ParseInt(approved, 10, 64)
	missing := strconv.FormatInt(id+1000, 10)
	if d := warning(missing); d == nil || d.Summary != "Gateway SMS Template Not Found" ||
		!strings.HasPrefix(d.Detail, "Gateway template "+missing+" does not exist now (get_template does not know it), so the gateway will refuse the send (code 1016)") {
		t.Errorf("missing template: %+v", d)
	}
}

// TestGatewaySMSSend_signatureNotApprovedWarnsAtPlan: an approved template
// whose signature is pending planned without a word, and the gateway
// refused every request (1018) at invoke, after the apply. The plan now
// warns, naming the signature and its state, at one get_sign call per plan
// (the template read at plan carries the signature's text, not its state),
// however many the numbers. A sign_text naming an approved signature, and
// an approved template under an approved signature, plan without it.
func TestGatewaySMSSend_signatureNotApprovedWarnsAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	approved := setupGateway(t, env, false) // signature "Acme", approved
	c := env.Client(t)
	sid, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: "Pending Co"})
	if err != nil {
		t.Fatal(err)
	}
	tid, err := c.Gateway.AddTemplate(t.Context(), client.GatewayTemplateInput{TplText: "Code ${code} for ${name}", TplType: 1, TplTitle: "otp", SignText: "Pending Co"})
	if err != nil {
		t.Fatal(err)
	}
	underPending := strconv.FormatInt(tid, 10)
	if err := env.Sim.Review("gateway_template", underPending, 1, ""); err != nil {
		t.Fatal(err)
	}
	srv := env.ActionServer(t)
	plan := func(config map[string]any) (found *tfprotov6.Diagnostic, calls int) {
		t.Helper()
		config["mobiles"] = numbers(450)
		config["sms_params"] = map[string]string{"code": "1234", "name": "Ann"}
		before := env.Sim.Stats()["POST /smsapi/sign/v1/get_sign"]
		res := acctest.PlanOnly(t, srv, "contactcenter_gateway_sms_send", config)
		for _, d := range res.Diagnostics {
			switch {
			case d.Severity == tfprotov6.DiagnosticSeverityError:
				t.Errorf("%v: an error at plan: %s: %s", config["tpl_id"], d.Summary, d.Detail)
			case d.Summary == "Gateway SMS Signature Not Approved":
				found = d
			}
		}
		return found, env.Sim.Stats()["POST /smsapi/sign/v1/get_sign"] - before
	}
	d, calls := plan(map[string]any{"tpl_id": underPending})
	want := "The send goes out under template " + underPending + "'s signature, \"Pending Co\", which is not approved now (signature " + strconv.FormatInt(sid, 10) +
		" is pending (state 0)); the gateway sends only under an approved signature, so it will refuse every request (code 1018) when the action runs"
	if d == nil || !strings.HasPrefix(d.Detail, want) || d.Attribute == nil || !d.Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("tpl_id")) {
		t.Errorf("template under a pending signature: %+v\nwant the detail to begin %q at tpl_id", d, want)
	}
	if calls != 1 {
		t.Errorf("%d get_sign calls for one plan of 450 numbers, want 1", calls)
	}
	if d, _ := plan(map[string]any{"tpl_id": underPending, "sign_text": "Acme"}); d != nil {
		t.Errorf("sign_text of an approved signature: %s", d.Detail)
	}
	if d, _ := plan(map[string]any{"tpl_id": underPending, "sign_text": "Nobody"}); d == nil || d.Attribute == nil ||
		!d.Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("sign_text")) || !strings.Contains(d.Detail, `the signature of sign_text, "Nobody", which is not approved now (no gateway signature has this text)`) {
		t.Errorf("sign_text no signature has: %+v", d)
	}
	if d, _ := plan(map[string]any{"tpl_id": approved}); d != nil {
		t.Errorf("approved template under an approved signature: %s", d.Detail)
	}
}

// TestGatewaySMSSend_signatureWarningSaysWhatToDo: the warning of a
// signature that exists and is pending sent the user to wait_for_approval
// on contactcenter_gateway_sms_signature, which waits only when the
// signature is created (set on an existing one, it changes nothing): it
// says now that the gateway's review must approve it. The warning of a
// sign_text no signature has (a typo) said "unless the signature is
// approved by then" of a signature that does not exist: it says now to
// check the text, unless this apply creates it and waits for its approval.
func TestGatewaySMSSend_signatureWarningSaysWhatToDo(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	setupGateway(t, env, false) // signature "Acme", approved
	c := env.Client(t)
	if _, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: "Pending Co"}); err != nil {
		t.Fatal(err)
	}
	tid, err := c.Gateway.AddTemplate(t.Context(), client.GatewayTemplateInput{TplText: "Code ${code}", TplType: 1, TplTitle: "otp", SignText: "Pending Co"})
	if err != nil {
		t.Fatal(err)
	}
	tpl := strconv.FormatInt(tid, 10)
	if err := env.Sim.Review("gateway_template", tpl, 1, ""); err != nil {
		t.Fatal(err)
	}
	srv := env.ActionServer(t)
	plan := func(config map[string]any) (found *tfprotov6.Diagnostic) {
		t.Helper()
		config["mobiles"], config["tpl_id"], config["sms_params"] = numbers(3), tpl, map[string]string{"code": "1234"}
		for _, d := range acctest.PlanOnly(t, srv, "contactcenter_gateway_sms_send", config).Diagnostics {
			if d.Summary == "Gateway SMS Signature Not Approved" {
				found = d
			}
		}
		return found
	}
	if d := plan(map[string]any{}); d == nil || !strings.Contains(d.Detail, "is pending (state 0)") ||
		strings.Contains(d.Detail, "wait_for_approval") || !strings.HasSuffix(d.Detail, "nothing will be sent, unless the gateway's review approves the signature by then.") {
		t.Errorf("template under an existing pending signature: %+v\nwant the review named, not wait_for_approval", d)
	}
	if d := plan(map[string]any{"sign_text": "Acmee"}); d == nil || !strings.Contains(d.Detail, `"Acmee", which is not approved now (no gateway signature has this text)`) ||
		!strings.Contains(d.Detail, "a contactcenter_gateway_sms_signature created in this apply with wait_for_approval = true is approved before the action runs") ||
		!strings.Contains(d.Detail, "otherwise check the text (the gateway compares it exactly, without brackets)") {
		t.Errorf("sign_text no signature has: %+v", d)
	}
}
