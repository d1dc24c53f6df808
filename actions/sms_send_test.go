package actions_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// approvedTemplate creates a signature and an approved template; it returns
// the template id.
func approvedTemplate(t *testing.T, env *acctest.Env, text string) string {
	t.Helper()
	c := env.Client(t)
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Parcel", TemplateContents: text, SignID: int64(sg.ID)})
	if err != nil {
		t.Fatal(err)
	}
	id := fmt.Sprint(tp.ID)
	if err := env.Sim.Review("sms_template", id, 1, ""); err != nil {
		t.Fatal(err)
	}
	return id
}

func records(t *testing.T, env *acctest.Env) []client.SMSRecord {
	t.Helper()
	recs, err := client.Collect(env.Client(t).SMS.ListRecords(t.Context(), client.SMSRecordFilter{}))
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func errorDiags(res acctest.ActionResult) []*tfprotov6.Diagnostic {
	var out []*tfprotov6.Diagnostic
	for _, d := range res.Diagnostics {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			out = append(out, d)
		}
	}
	return out
}

func TestSMSSendAction_single(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}, parcel ${parcel} ships today")
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{
		"template_id": tid,
		"params":      map[string]string{"parcel": "P-1"},
		"recipients":  []any{map[string]any{"mobile": "+8613800138000", "params": map[string]string{"name": "Ann"}}},
	})
	if res.HasError() || !res.Completed {
		t.Fatalf("phase %s: %s", res.Phase, res.Text())
	}
	want := []string{"Sending template " + tid + " to +8613800138000", "1 of 1 recipients accepted for delivery"}
	if strings.Join(res.Progress, "|") != strings.Join(want, "|") {
		t.Errorf("progress = %q, want %q", res.Progress, want)
	}
	recs := records(t, env)
	if len(recs) != 1 || recs[0].SmsText != "【Acme】Hi Ann, parcel P-1 ships today" || recs[0].Mobile != "13800138000" {
		t.Fatalf("records: %+v", recs)
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 1 {
		t.Fatalf("sms/send called %d times", n)
	}
}

func TestSMSSendAction_batch(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}, parcel ${parcel}")
	var rs []any
	for i := range 450 {
		rs = append(rs, map[string]any{"mobile": fmt.Sprintf("138%08d", i+1), "params": map[string]string{"name": fmt.Sprintf("N%d", i)}})
	}
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "params": map[string]string{"parcel": "X"}, "recipients": rs})
	if res.HasError() {
		t.Fatal(res.Text())
	}
	want := []string{
		"Batch 1 of 3: 200 sent, 0 failed (template " + tid + ")",
		"Batch 2 of 3: 200 sent, 0 failed (template " + tid + ")",
		"Batch 3 of 3: 50 sent, 0 failed (template " + tid + ")",
		"450 of 450 recipients accepted for delivery",
	}
	if strings.Join(res.Progress, "|") != strings.Join(want, "|") {
		t.Errorf("progress = %q", res.Progress)
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 3 {
		t.Fatalf("want 3 batch sends of at most 200 (§8), got %d", n)
	}
	if recs := records(t, env); len(recs) != 450 {
		t.Fatalf("%d records", len(recs))
	}
}

func TestSMSSendAction_partialFailure(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}, parcel ${parcel}")
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{
		"template_id": tid,
		"recipients": []any{
			map[string]any{"mobile": "13800138000", "params": map[string]string{"name": "Ann", "parcel": "P1"}},
			map[string]any{"mobile": "13800138001", "params": map[string]string{"name": "Bob", "parcel": "P2"}},
			map[string]any{"mobile": "12345", "params": map[string]string{"name": "Cy", "parcel": "P3"}},
			map[string]any{"mobile": "13800138003", "params": map[string]string{"name": "Di", "parcel": "P4"}},
			map[string]any{"mobile": "+1555000111", "params": map[string]string{"name": "Ed", "parcel": "P5"}},
		},
	})
	errs := errorDiags(res)
	if res.Phase != "invoke" || len(errs) != 1 {
		t.Fatalf("want exactly one error diagnostic at invoke, got phase %s: %s", res.Phase, res.Text())
	}
	d := errs[0]
	if d.Summary != "SMS Not Sent to Every Recipient" || !strings.Contains(d.Detail, "2 of 5 numbers were not sent") {
		t.Fatalf("diagnostic: %s: %s", d.Summary, d.Detail)
	}
	for _, want := range []string{"- 12345: mobile number format wrong", "- +1555000111: mobile number format wrong"} {
		if !strings.Contains(d.Detail, want) {
			t.Errorf("diagnostic lacks %q:\n%s", want, d.Detail)
		}
	}
	if strings.Contains(d.Detail, "13800138000") || strings.Contains(d.Detail, "13800138001") || strings.Contains(d.Detail, "13800138003") {
		t.Errorf("numbers that went out must not be listed:\n%s", d.Detail)
	}
	if strings.Contains(d.Detail, "may or may not") || strings.Contains(d.Detail, "contactcenter_sms_records") || strings.Contains(d.Detail, "retrying later") {
		t.Errorf("refusals are not unknown outcomes:\n%s", d.Detail)
	}
	if recs := records(t, env); len(recs) != 3 {
		t.Fatalf("the good numbers were sent: want 3 records, got %d", len(recs))
	}
	if got := res.Progress[len(res.Progress)-1]; got != "3 of 5 recipients accepted for delivery" {
		t.Errorf("last progress = %q", got)
	}
}

// TestSMSSendAction_missingValue: a recipient without a value for one of
// the template's variables is a configuration error, refused before any
// number is sent, naming the recipient and the variable.
func TestSMSSendAction_missingValue(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}, your visit is at ${time}")
	for name, rs := range map[string][]any{
		"batch": {
			map[string]any{"mobile": "13800000021", "params": map[string]string{"name": "Ann", "time": "10:00"}},
			map[string]any{"mobile": "13800000022", "params": map[string]string{"time": "11:00"}}, // no ${name}
		},
		"single": {map[string]any{"mobile": "13800000022", "params": map[string]string{"time": "11:00"}}},
	} {
		t.Run(name, func(t *testing.T) {
			res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": rs})
			errs := errorDiags(res)
			if res.Phase != "invoke" || len(errs) != 1 {
				t.Fatalf("want one error at invoke, got phase %s: %s", res.Phase, res.Text())
			}
			want := fmt.Sprintf("recipients[%d] (13800000022) has no value for ${name}. Template %s uses ${name}, ${time}", len(rs)-1, tid)
			if d := errs[0]; d.Summary != "Missing Template Value" || !strings.Contains(d.Detail, want) || !strings.Contains(d.Detail, "Nothing was sent.") || !strings.Contains(d.Detail, "-invoke=action.contactcenter_sms_send.<name>") {
				t.Errorf("diagnostic %s: %s\nwant %q", d.Summary, d.Detail, want)
			}
			if d := errs[0]; d.Attribute == nil || d.Attribute.String() != fmt.Sprintf("AttributeName(\"recipients\").ElementKeyInt(%d).AttributeName(\"params\")", len(rs)-1) {
				t.Errorf("attribute %v", d.Attribute)
			}
		})
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 0 {
		t.Errorf("nothing may be sent: sms/send called %d times", n)
	}
}

// TestSMSSendAction_lostAnswer: a batch whose answer is lost may have been
// sent; the error says the outcome is unknown and where to check, rather
// than "not sent, send again".
func TestSMSSendAction_lostAnswer(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}")
	rs := []any{
		map[string]any{"mobile": "13900000031", "params": map[string]string{"name": "A"}},
		map[string]any{"mobile": "13900000032", "params": map[string]string{"name": "B"}},
	}
	lostSend := `{"force":[{"method":"POST","path":"/open/sms/send","lost":true,"count":1}]}`
	postAdmin(t, env, "/_sim/faults", lostSend)
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": rs})
	errs := errorDiags(res)
	if len(errs) != 1 {
		t.Fatalf("want one error diagnostic, got: %s", res.Text())
	}
	d := errs[0]
	if d.Summary != "SMS Outcome Unknown" {
		t.Errorf("summary %q", d.Summary)
	}
	for _, want := range []string{"2 of 2 numbers may or may not have been sent:", "batch 1 of 1, outcome unknown (the platform may have sent it): POST /open/sms/send",
		"13900000031, 13900000032", `check the send records (data "contactcenter_sms_records") before sending to them again`,
		"may still be carried out and reach the records minutes later: look again after a few minutes"} {
		if !strings.Contains(d.Detail, want) {
			t.Errorf("diagnostic lacks %q:\n%s: %s", want, d.Summary, d.Detail)
		}
	}
	if recs := records(t, env); len(recs) != 2 {
		t.Errorf("the platform sent the batch (its answer was lost): want 2 records, got %d", len(recs))
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 1 {
		t.Errorf("a send is never retried: sms/send called %d times", n)
	}

	// Two batches, the first one's answer lost: the second was not tried.
	// The advice spoke of batch 1 as "failed as a whole (see Why)", with no
	// Why: its outcome is unknown.
	var many []any
	for i := range client.SMSMaxBatch + 5 {
		many = append(many, map[string]any{"mobile": fmt.Sprintf("1370000%04d", i), "params": map[string]string{"name": "C"}})
	}
	postAdmin(t, env, "/_sim/faults", lostSend)
	res = env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": many})
	for _, want := range []string{"batch 1 of 2, outcome unknown", "not sent after batch 1 failed: the later batches were not tried",
		"No batch after batch 1 was tried: the numbers listed as not sent were not, and nothing is wrong with them. Send to them again."} {
		if !strings.Contains(res.Text(), want) {
			t.Errorf("two batches, the first lost: lacks %q:\n%s", want, res.Text())
		}
	}
	if strings.Contains(res.Text(), "see Why") || strings.Contains(res.Text(), "failed as a whole (") {
		t.Errorf("two batches, the first lost: no batch failed as a whole:\n%s", res.Text())
	}

	// One recipient: a single send, the same wording.
	postAdmin(t, env, "/_sim/faults", lostSend)
	res = env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": rs[:1]})
	if !strings.Contains(res.Text(), "SMS Outcome Unknown: The outcome is unknown: POST /open/sms/send") || !strings.Contains(res.Text(), "for 13900000031 before sending again") ||
		!strings.Contains(res.Text(), "reach the records minutes later") ||
		strings.Contains(res.Text(), "retrying later may succeed") {
		t.Errorf("single send with a lost answer: %s", res.Text())
	}
}

// TestSMSSendAction_timedOut: a send whose answer did not come within
// request_timeout may have gone out: the error says the outcome is unknown,
// as for a lost answer. (It said "Unable to Send SMS": the attempt's own
// time limit was taken for the caller's deadline.)
func TestSMSSendAction_timedOut(t *testing.T) {
	t.Parallel()
	// In a synctest bubble, on the simulator in process (acctest.NewInMemory):
	// the 1s request_timeout and the 2s answer are on the bubble's clock,
	// so a loaded machine cannot make the template read before the send
	// pass the limit too.
	synctest.Test(t, func(t *testing.T) {
		// sms/send answers 2 s late (after the simulator sent it); every
		// other call passes straight through.
		env := acctest.NewInMemory(t, func(h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/open/sms/send" {
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, r.Clone(context.WithoutCancel(r.Context())))
					time.Sleep(2 * time.Second)
					w.WriteHeader(rec.Code)
					_, _ = w.Write(rec.Body.Bytes())
					return
				}
				h.ServeHTTP(w, r)
			})
		})
		tid := approvedTemplate(t, env, "Hi ${name}")
		srv := env.ActionServerWith(t, map[string]any{"request_timeout": "1s"})
		one := map[string]any{"mobile": "13900000041", "params": map[string]string{"name": "A"}}
		two := map[string]any{"mobile": "13900000042", "params": map[string]string{"name": "B"}}
		for name, tc := range map[string]struct {
			recipients []any
			want       []string
		}{
			"single": {[]any{one}, []string{"SMS Outcome Unknown: The outcome is unknown: POST /open/sms/send got no answer within 1s (request_timeout)",
				"for 13900000041 before sending again"}},
			"batch": {[]any{one, two}, []string{"SMS Outcome Unknown", "2 of 2 numbers may or may not have been sent:",
				"batch 1 of 1, outcome unknown (the platform may have sent it): POST /open/sms/send got no answer within 1s"}},
		} {
			res := acctest.RunAction(t, srv, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": tc.recipients})
			for _, want := range tc.want {
				if !strings.Contains(res.Text(), want) {
					t.Errorf("%s: diagnostics lack %q:\n%s", name, want, res.Text())
				}
			}
			if strings.Contains(res.Text(), "Unable to Send SMS") {
				t.Errorf("%s: a send that timed out is reported as not sent:\n%s", name, res.Text())
			}
		}
		if recs := records(t, env); len(recs) != 3 {
			t.Errorf("the platform sent all three messages (their answers came late): want 3 records, got %d", len(recs))
		}
		if n := env.Sim.Stats()["POST /open/sms/send"]; n != 2 {
			t.Errorf("a send is never retried: sms/send called %d times, want 2", n)
		}
	})
}

func TestSMSSendAction_templateNotApproved(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	sg, _ := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	tp, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "P", TemplateContents: "x", SignID: int64(sg.ID)})
	if err != nil {
		t.Fatal(err)
	}
	_ = env.Sim.Review("sms_template", fmt.Sprint(tp.ID), 2, "too vague")
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{
		"template_id": fmt.Sprint(tp.ID), "recipients": []any{map[string]any{"mobile": "13800138000"}},
	})
	if !res.HasError() || !strings.Contains(res.Text(), "only approved templates can send") || !strings.Contains(res.Text(), "too vague") ||
		!strings.Contains(res.Text(), "Change it as the review asks (a change submits it for review again); once it is approved, run the action again. To run it again") {
		t.Fatalf("phase %s: %s", res.Phase, res.Text())
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 0 {
		t.Fatalf("nothing may be sent, sms/send called %d times", n)
	}
	res = env.RunAction(t, "contactcenter_sms_send", map[string]any{
		"template_id": "999", "recipients": []any{map[string]any{"mobile": "13800138000"}},
	})
	if !strings.Contains(res.Text(), "Template 999 does not exist") {
		t.Fatalf("unknown template: %s", res.Text())
	}
}

func TestSMSSendAction_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	one := []any{map[string]any{"mobile": "13800138000"}}
	cases := map[string]struct {
		config map[string]any
		want   string
	}{
		"template id not digits": {map[string]any{"template_id": "welcome", "recipients": one}, `must be a template id`},
		"no recipients":          {map[string]any{"template_id": "1", "recipients": []any{}}, `recipients list must contain at least 1 elements`},
		"bad mobile":             {map[string]any{"template_id": "1", "recipients": []any{map[string]any{"mobile": "call me"}}}, `must be a phone number`},
		// A number read from a CSV file (csvdecode) with a space after it:
		// "got: 13800138000 " showed nothing of the space. It is quoted.
		"mobile with a space": {map[string]any{"template_id": "1", "recipients": []any{map[string]any{"mobile": "13800138000 "}}},
			`Attribute recipients[0].mobile must be a phone number: 5 to 20 digits, optionally after a leading +, got "13800138000 "`},
		"template id with a line break": {map[string]any{"template_id": "3001\n", "recipients": one}, `got "3001\n"`},
		"duplicate": {map[string]any{"template_id": "1", "recipients": []any{
			map[string]any{"mobile": "13800138000"}, map[string]any{"mobile": "+8613800138000"},
		}}, `+8613800138000 is listed twice (recipients[0] and recipients[1])`},
		"comma in a batch value": {map[string]any{"template_id": "1", "recipients": []any{
			map[string]any{"mobile": "13800138000", "params": map[string]string{"name": "Doe, Jane"}}, map[string]any{"mobile": "13800138001"},
		}}, `The value of ${name}, "Doe, Jane", holds a comma`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			res := env.RunAction(t, "contactcenter_sms_send", tc.config)
			if res.Phase != "validate" || !res.HasError() || !strings.Contains(res.Text(), tc.want) {
				t.Fatalf("want a validate error with %q, got phase %s: %s", tc.want, res.Phase, res.Text())
			}
		})
	}
	if n := env.Requests(); n != 0 {
		t.Errorf("validation reached the API: %d requests (%v)", n, env.Sim.Stats())
	}
}

// TestAccSMSSendAction_cli drives the action through Terraform itself; the
// CLI runs actions from 1.14 on, so older versions skip it.
func TestAccSMSSendAction_cli(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			PreConfig: func() { approvedTemplate(t, env, "Hi ${name}") },
			Config: env.Config(`
action "contactcenter_sms_send" "welcome" {
  config {
    template_id = "3001"
    recipients = [
      { mobile = "13800138000", params = { name = "Ann" } },
      { mobile = "13800138001", params = { name = "Bob" } },
    ]
  }
}

resource "terraform_data" "trigger" {
  input = "welcome"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_sms_send.welcome]
    }
  }
}
`),
			Check: func(*terraform.State) error {
				recs := records(t, env)
				if len(recs) != 2 {
					return fmt.Errorf("want 2 send records after the action, got %d", len(recs))
				}
				return nil
			},
		}},
	})
}

// TestSMSSendAction_batchRequestFails: when a batch request itself fails,
// the one diagnostic still lists every number that was not sent: the
// numbers of the failed batch and of the batches after it.
func TestSMSSendAction_batchRequestFails(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}")
	var rs []any
	for i := range 450 {
		rs = append(rs, map[string]any{"mobile": fmt.Sprintf("138%08d", i+1), "params": map[string]string{"name": "N"}})
	}
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, env.Origin+"/_sim/faults",
		strings.NewReader(`{"force":[{"method":"POST","path":"/open/sms/send","code":500,"count":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": rs})
	errs := errorDiags(res)
	if len(errs) != 1 {
		t.Fatalf("want exactly one error diagnostic, got: %s", res.Text())
	}
	d := errs[0]
	for _, want := range []string{"450 of 450 numbers were not sent", "batch 1 of 3 failed", "code 500", "13800000001", "13800000200",
		"not sent after batch 1 failed", "13800000201", "13800000450"} {
		if !strings.Contains(d.Detail, want) {
			t.Errorf("diagnostic lacks %q:\n%s: %s", want, d.Summary, d.Detail)
		}
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 1 {
		t.Errorf("the batches after a failed request must not be sent: sms/send called %d times", n)
	}
}

// TestSMSSendAction_emptyAndUnusedValues: an empty value is no value (a
// batch sent "…arrives ." with a blank); a value for a variable the
// template does not have (a typo) is named in a warning.
func TestSMSSendAction_emptyAndUnusedValues(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}")
	rs := []any{
		map[string]any{"mobile": "13900000051", "params": map[string]string{"name": " "}},
		map[string]any{"mobile": "13900000052", "params": map[string]string{"name": "B"}},
	}
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": rs})
	if !strings.Contains(res.Text(), "Missing Template Value: recipients[0] (13900000051) has no value for ${name}. Template "+tid+" uses ${name}") || !strings.Contains(res.Text(), "(an empty value is none)") {
		t.Errorf("an empty value: %s", res.Text())
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 0 {
		t.Errorf("nothing may be sent: sms/send called %d times", n)
	}
	res = env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid,
		"recipients": []any{map[string]any{"mobile": "13900000053", "params": map[string]string{"name": "C", "nmae": "typo"}}}})
	if res.HasError() || !strings.Contains(res.Text(), "Template Values Not Used: Template "+tid+" has no variable nmae (a typo?)") {
		t.Errorf("an unused value: %s", res.Text())
	}
}

// TestSMSSendAction_unknownNamesStoredNumber: after a lost answer the
// error told the user to look up the number as written ("+86…"), but the
// platform stores it without +86: that lookup found nothing, and the user
// might send again. The error now names the stored form, and a records
// lookup by that form finds the message.
func TestSMSSendAction_unknownNamesStoredNumber(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}")
	lostSend := `{"force":[{"method":"POST","path":"/open/sms/send","lost":true,"count":1}]}`
	lookup := func(mobile string) int {
		recs, err := client.Collect(env.Client(t).SMS.ListRecords(t.Context(), client.SMSRecordFilter{Mobile: mobile}))
		if err != nil {
			t.Fatal(err)
		}
		return len(recs)
	}

	postAdmin(t, env, "/_sim/faults", lostSend)
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid,
		"recipients": []any{map[string]any{"mobile": "+8613800138009", "params": map[string]string{"name": "A"}}}})
	for _, want := range []string{`data "contactcenter_sms_records" { mobile = "13800138009" }`, "for 13800138009 (written +8613800138009) before sending again"} {
		if !strings.Contains(res.Text(), want) {
			t.Errorf("single: diagnostics lack %q:\n%s", want, res.Text())
		}
	}
	if lookup("13800138009") != 1 {
		t.Errorf("the named number does not find the send record")
	}

	postAdmin(t, env, "/_sim/faults", lostSend)
	res = env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": []any{
		map[string]any{"mobile": "+8613800138021", "params": map[string]string{"name": "A"}},
		map[string]any{"mobile": "13800138022", "params": map[string]string{"name": "B"}},
	}})
	for _, want := range []string{"13800138021 (written +8613800138021), 13800138022\n", `mobile = "13800138021"`} {
		if !strings.Contains(res.Text(), want) {
			t.Errorf("batch: diagnostics lack %q:\n%s", want, res.Text())
		}
	}
	if lookup("13800138021") != 1 {
		t.Errorf("the named number does not find the send record")
	}
}

// TestSMSSendAction_connectionRefused: with the platform unreachable the
// template read fails first; the error says nothing was sent (no outcome
// in doubt), as the gateway action does for a refused connection.
func TestSMSSendAction_connectionRefused(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	srv := env.ActionServerWith(t, map[string]any{"endpoint": closed})
	res := acctest.RunAction(t, srv, "contactcenter_sms_send", map[string]any{"template_id": "3001",
		"recipients": []any{map[string]any{"mobile": "13800138000"}}})
	errs := errorDiags(res)
	if len(errs) != 1 || errs[0].Summary != "Unable to Send SMS" || !strings.Contains(errs[0].Detail, "connection refused") ||
		!strings.Contains(errs[0].Detail, "Nothing was sent") || strings.Contains(errs[0].Detail, "outcome is unknown") ||
		!strings.Contains(errs[0].Detail, "terraform apply -invoke=action.contactcenter_sms_send.<name>") {
		t.Errorf("diagnostics:\n%s", res.Text())
	}
}

// TestSMSSendAction_batchFailsAdvice: after a failed batch the error told
// the user to "fix the numbers that were not sent, or their variables"
// (they were fine) and that the whole list again "would repeat the message
// for the others" (even when none was sent). The advice now follows what
// happened: a failed batch's numbers only need sending again; with nothing
// sent, running the action again is safe, and how; with some sent, only
// the listed numbers.
func TestSMSSendAction_batchFailsAdvice(t *testing.T) {
	t.Parallel()
	var calls, failOn atomic.Int64
	env := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/open/sms/send" && calls.Add(1) == failOn.Load() {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(`{"code":500,"message":"send service unavailable","request_id":"r-9"}`))
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	tid := approvedTemplate(t, env, "Hi ${name}")
	var rs []any
	for i := range 450 {
		rs = append(rs, map[string]any{"mobile": fmt.Sprintf("138%08d", i+1), "params": map[string]string{"name": "N"}})
	}
	run := func(fail int64) string {
		calls.Store(0)
		failOn.Store(fail)
		errs := errorDiags(env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": rs}))
		if len(errs) != 1 {
			t.Fatalf("want one error, got %d", len(errs))
		}
		return errs[0].Detail
	}

	d := run(1)
	for _, want := range []string{"450 of 450 numbers were not sent:", "batch 1 of 3 failed as a whole, so none of its 200 numbers was sent:",
		"Why: The base_url API call POST " + env.Origin + "/open/sms/send answered code 500: send service unavailable. Request ID: r-9.\n",
		"nothing is wrong with its numbers or the ones after it", "No number was sent",
		"terraform apply -invoke=action.contactcenter_sms_send.<name>"} {
		if !strings.Contains(d, want) {
			t.Errorf("batch 1 fails: detail lacks %q:\n%s", want, d)
		}
	}
	for _, bad := range []string{"Fix the numbers", "fix each of them", "would repeat the message", "Request ID: r-9.:"} {
		if strings.Contains(d, bad) {
			t.Errorf("batch 1 fails: detail says %q:\n%s", bad, d)
		}
	}

	d = run(2)
	for _, want := range []string{"250 of 450 numbers were not sent (200 others were sent):", "batch 2 of 3 failed as a whole",
		"would repeat the message for the 200 numbers that were sent"} {
		if !strings.Contains(d, want) {
			t.Errorf("batch 2 fails: detail lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "terraform apply -invoke") || strings.Contains(d, "13800000200") || !strings.Contains(d, "13800000201") {
		t.Errorf("batch 2 fails: running again would repeat the first batch; only its numbers are listed:\n%s", d)
	}
}

// TestSMSSendAction_messages: template_id "0" was told it "must be a
// template id (digits …)" though it is digits; the "Template Values Not
// Used" warning read "Its variables: ." for a template without variables,
// and always pointed at params, even for a recipient's own value.
func TestSMSSendAction_messages(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": "0", "recipients": []any{map[string]any{"mobile": "13800138000"}}})
	if !strings.Contains(res.Text(), "must be a template id: a positive whole number without leading zeros") {
		t.Errorf("template_id 0: %s", res.Text())
	}
	tid := approvedTemplate(t, env, "Your parcel ships today")
	res = env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid,
		"recipients": []any{map[string]any{"mobile": "13800138000", "params": map[string]string{"name": "Ann"}}}})
	var warn *tfprotov6.Diagnostic
	for _, d := range res.Diagnostics {
		if d.Summary == "Template Values Not Used" {
			warn = d
		}
	}
	if warn == nil || warn.Detail != "Template "+tid+" has no variable name (a typo?), given in recipients[0].params; those values are not sent. It has no variables." ||
		warn.Attribute.String() != `AttributeName("recipients").ElementKeyInt(0).AttributeName("params")` {
		t.Errorf("warning: %+v", warn)
	}
}

// TestSMSSendAction_ownParamsWin: a value in a recipient's own params
// replaces the shared one of the same name (the docs say "A recipient's own
// params win"); a recipient without its own value gets the shared one. The
// messages the platform recorded say which value went to which number, in
// a batch and in a single send.
func TestSMSSendAction_ownParamsWin(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}, parcel ${parcel}")
	shared := map[string]string{"name": "customer", "parcel": "P-0"}
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "params": shared, "recipients": []any{
		map[string]any{"mobile": "13900000061", "params": map[string]string{"name": "Ann"}},
		map[string]any{"mobile": "13900000062"},
	}})
	if res.HasError() {
		t.Fatal(res.Text())
	}
	res = env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "params": shared, "recipients": []any{
		map[string]any{"mobile": "13900000063", "params": map[string]string{"name": "Cy", "parcel": "P-3"}},
	}})
	if res.HasError() {
		t.Fatal(res.Text())
	}
	got := map[string]string{}
	for _, r := range records(t, env) {
		got[string(r.Mobile)] = string(r.SmsText)
	}
	want := map[string]string{
		"13900000061": "【Acme】Hi Ann, parcel P-0",
		"13900000062": "【Acme】Hi customer, parcel P-0",
		"13900000063": "【Acme】Hi Cy, parcel P-3",
	}
	for m, text := range want {
		if got[m] != text {
			t.Errorf("%s was sent %q, want %q", m, got[m], text)
		}
	}
}

// TestSMSSendAction_refusedAndUnknown: a run in which the platform refused
// a number of one batch and the answer to the next batch was lost has
// both kinds: the summary says not every recipient was sent (some
// certainly were not), not only that the outcome is unknown, and the
// detail counts each kind.
func TestSMSSendAction_refusedAndUnknown(t *testing.T) {
	t.Parallel()
	var calls atomic.Int64
	env := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/open/sms/send" && calls.Add(1) == 2 {
				w.WriteHeader(http.StatusGatewayTimeout) // the second batch's answer is lost
				return
			}
			h.ServeHTTP(w, r)
		})
	})
	tid := approvedTemplate(t, env, "Hi ${name}")
	var rs []any
	for i := range client.SMSMaxBatch + 5 {
		rs = append(rs, map[string]any{"mobile": fmt.Sprintf("138%08d", i+1), "params": map[string]string{"name": "N"}})
	}
	rs[3] = map[string]any{"mobile": "12345", "params": map[string]string{"name": "N"}} // refused in batch 1
	errs := errorDiags(env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": rs}))
	if len(errs) != 1 {
		t.Fatalf("want one error, got %d", len(errs))
	}
	d := errs[0]
	if d.Summary != "SMS Not Sent to Every Recipient" {
		t.Errorf("summary %q, want \"SMS Not Sent to Every Recipient\"", d.Summary)
	}
	for _, want := range []string{"1 of 205 numbers were not sent and 5 may or may not have been (199 others were sent):",
		"- 12345: mobile number format wrong", "batch 2 of 2, outcome unknown"} {
		if !strings.Contains(d.Detail, want) {
			t.Errorf("detail lacks %q:\n%s", want, d.Detail)
		}
	}
}

// TestSMSSendAction_unusedValuesNotSent: the warning "Template Values Not
// Used" says those values are not sent, and a batch sends only the
// template's variables (BatchPhone); a single send put the whole params map
// in sms_params, the stray value (a typo, or a value meant for another
// template, perhaps private) included.
func TestSMSSendAction_unusedValuesNotSent(t *testing.T) {
	t.Parallel()
	var bodies atomic.Value
	bodies.Store("")
	env := acctest.NewWithHandler(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/open/sms/send" {
				b, _ := io.ReadAll(r.Body)
				bodies.Store(bodies.Load().(string) + string(b) + "\n")
				r.Body = io.NopCloser(bytes.NewReader(b))
			}
			h.ServeHTTP(w, r)
		})
	})
	tid := approvedTemplate(t, env, "Hi ${name}")
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid,
		"params":     map[string]string{"id_card": "110101199003077777"},
		"recipients": []any{map[string]any{"mobile": "13900000054", "params": map[string]string{"name": "C", "nmae": "typo"}}}})
	if res.HasError() || !strings.Contains(res.Text(), "those values are not sent") {
		t.Fatalf("want a success with the warning: %s", res.Text())
	}
	sent := bodies.Load().(string)
	if !strings.Contains(sent, `"name":"C"`) {
		t.Fatalf("the template's variable was not sent: %s", sent)
	}
	for _, stray := range []string{"nmae", "typo", "id_card", "110101199003077777"} {
		if strings.Contains(sent, stray) {
			t.Errorf("the warning says the value is not sent, but sms/send carried %q: %s", stray, sent)
		}
	}
}

// TestSMSSendAction_countryCodeWithoutPlus: the schema takes the "+" before
// a country code as optional, and 8613800138000 and +8613800138000 count
// as one number, but the first went out as written and the platform
// refused it ("mobile number format wrong") at apply, after a plan that
// accepted it. Single and batch sends reach the number.
func TestSMSSendAction_countryCodeWithoutPlus(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}")
	for _, rs := range [][]any{
		{map[string]any{"mobile": "8613800138000", "params": map[string]string{"name": "Ann"}}},
		{map[string]any{"mobile": "8613800138001", "params": map[string]string{"name": "Bob"}},
			map[string]any{"mobile": "13800138002", "params": map[string]string{"name": "Cy"}}},
	} {
		res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": rs})
		if res.HasError() || !res.Completed {
			t.Fatalf("%v: phase %s: %s", rs, res.Phase, res.Text())
		}
	}
	got := map[string]string{}
	for _, r := range records(t, env) {
		got[string(r.Mobile)] = string(r.SmsText)
	}
	want := map[string]string{"13800138000": "【Acme】Hi Ann", "13800138001": "【Acme】Hi Bob", "13800138002": "【Acme】Hi Cy"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("records %v, want %v", got, want)
	}
}

// A value given under a misspelt name (dya for day) planned cleanly and
// failed at apply, after the plan's other changes were made (under an
// action_trigger, the next plan is empty). The plan reads the template and
// warns of what the send would refuse or leave out; warnings, since the
// same apply may change or approve the template.
func TestSMSSendAction_planWarnsOfValues(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	tid := approvedTemplate(t, env, "Hi ${name}, your parcel arrives ${day}")
	warnings := func(config map[string]any) map[string]string {
		res := acctest.PlanOnly(t, srv, "contactcenter_sms_send", config)
		out := map[string]string{}
		for _, d := range res.Diagnostics {
			if d.Severity == tfprotov6.DiagnosticSeverityError {
				t.Errorf("plan error %s: %s", d.Summary, d.Detail)
			}
			if d.Severity == tfprotov6.DiagnosticSeverityWarning {
				out[d.Summary] += d.Detail
			}
		}
		return out
	}
	typo := warnings(map[string]any{"template_id": tid, "recipients": []any{
		map[string]any{"mobile": "13800000031", "params": map[string]string{"name": "Ann", "day": "today"}},
		map[string]any{"mobile": "13800000032", "params": map[string]string{"name": "Bo", "dya": "today"}},
	}})
	for summary, want := range map[string]string{
		"Missing Template Value":   "recipients[1] (13800000032) has no value for ${day}. Template " + tid + " uses ${name}, ${day}",
		"Template Values Not Used": "has no variable dya (a typo?), given in recipients[1].params",
	} {
		if !strings.Contains(typo[summary], want) {
			t.Errorf("plan warning %q: got %q, want it to say %q", summary, typo[summary], want)
		}
	}
	if !strings.Contains(typo["Missing Template Value"], "the send will be refused when the action runs, before anything is sent") {
		t.Errorf("the warning does not say what the apply does: %s", typo["Missing Template Value"])
	}
	if w := warnings(map[string]any{"template_id": tid, "params": map[string]string{"day": "today"}, "recipients": []any{
		map[string]any{"mobile": "13800000031", "params": map[string]string{"name": "Ann"}},
	}}); len(w) != 0 {
		t.Errorf("values complete: want no warning, got %v", w)
	}
	if w := warnings(map[string]any{"template_id": "999999", "recipients": []any{map[string]any{"mobile": "13800000031"}}}); !strings.Contains(w["SMS Template Not Found"], "Template 999999 does not exist now") {
		t.Errorf("a template that does not exist: %v", w)
	}
	if err := env.Sim.Review("sms_template", tid, 2, "wording"); err != nil {
		t.Fatal(err)
	}
	if w := warnings(map[string]any{"template_id": tid, "params": map[string]string{"name": "Ann", "day": "today"}, "recipients": []any{
		map[string]any{"mobile": "13800000031"},
	}}); !strings.Contains(w["SMS Template Not Approved"], "only approved templates can send") || !strings.Contains(w["SMS Template Not Approved"], "wording") {
		t.Errorf("a rejected template: %v", w)
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 0 {
		t.Errorf("a plan sent: sms/send called %d times", n)
	}
}

// TestSMSSendAction_sameMissingValueSaidOnce: a typo in the shared params
// (tiem for time) leaves every recipient without ${time}. The plan of a
// send to 300 numbers listed 300 "Missing Template Value" warnings alike,
// with the typo's own warning after them; the recipients that lack the
// same values are now said in one diagnostic, at plan and at invoke, and a
// recipient alone in its lack keeps its own.
func TestSMSSendAction_sameMissingValueSaidOnce(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	tid := approvedTemplate(t, env, "Hi ${name}, your visit is at ${time}")
	rs := []any{map[string]any{"mobile": "13700000000", "params": map[string]string{"time": "9:00"}}} // no ${name}: its own
	for i := range 300 {
		rs = append(rs, map[string]any{"mobile": fmt.Sprintf("13800%06d", i), "params": map[string]string{"name": fmt.Sprint("N", i)}})
	}
	config := map[string]any{"template_id": tid, "params": map[string]string{"tiem": "10:00"}, "recipients": rs}
	res := acctest.PlanOnly(t, srv, "contactcenter_sms_send", config)
	var missing []string
	for _, d := range res.Diagnostics {
		if d.Summary == "Missing Template Value" {
			missing = append(missing, d.Detail)
		}
	}
	want := []string{
		"recipients[0] (13700000000) has no value for ${name}. Template " + tid + " uses ${name}, ${time}",
		"300 recipients have no value for ${time}: recipients[1] (13800000000), recipients[2] (13800000001), recipients[3] (13800000002) and 297 more. Template " + tid + " uses ${name}, ${time}",
	}
	if len(missing) != len(want) {
		t.Fatalf("plan: %d Missing Template Value warnings, want %d:\n%s", len(missing), len(want), strings.Join(missing, "\n"))
	}
	for i, w := range want {
		if !strings.Contains(missing[i], w) || !strings.Contains(missing[i], "the send will be refused when the action runs, before anything is sent") {
			t.Errorf("plan warning %d: %s\nwant it to say %q", i, missing[i], w)
		}
	}
	// A misspelt name in each recipient's own params: one warning for the
	// name, one for the value it leaves out.
	var own []any
	for i := range 300 {
		own = append(own, map[string]any{"mobile": fmt.Sprintf("13800%06d", i), "params": map[string]string{"nmae": "N", "time": "9:00"}})
	}
	own = append(own, map[string]any{"mobile": "13700000001", "params": map[string]string{"name": "Al", "time": "9:00", "tmie": "x"}})
	got := map[string][]string{}
	for _, d := range acctest.PlanOnly(t, srv, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": own}).Diagnostics {
		got[d.Summary] = append(got[d.Summary], d.Detail)
	}
	if u := got["Template Values Not Used"]; len(u) != 2 ||
		!strings.Contains(u[0], "has no variable nmae (a typo?), given in the params of 300 recipients: recipients[0] (13800000000), recipients[1] (13800000001), recipients[2] (13800000002) and 297 more; those values are not sent.") ||
		!strings.Contains(u[1], "has no variable tmie (a typo?), given in recipients[300].params; those values are not sent.") {
		t.Errorf("plan: Template Values Not Used:\n%s", strings.Join(u, "\n"))
	}
	if m := got["Missing Template Value"]; len(m) != 1 || !strings.Contains(m[0], "300 recipients have no value for ${name}: recipients[0] (13800000000)") {
		t.Errorf("plan: Missing Template Value:\n%s", strings.Join(m, "\n"))
	}
	run := env.RunAction(t, "contactcenter_sms_send", config)
	if errs := errorDiags(run); len(errs) != 2 || !strings.Contains(errs[1].Detail, want[1]) || !strings.Contains(errs[1].Detail, "Nothing was sent.") {
		t.Errorf("invoke: want the two errors, the second %q:\n%s", want[1], run.Text())
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 0 {
		t.Errorf("nothing may be sent: sms/send called %d times", n)
	}
}

// TestSMSSendAction_unusedNameShowsHiddenCharacters: recipients read with
// csvdecode(file()) from a CSV file saved as "UTF-8 with BOM" (Excel's
// "CSV UTF-8") have a first header, and so a params key, that begins with
// a byte order mark. The warning named it as it is, unseen: "has no
// variable name (a typo?) ... Its variables: name, time". The name is now
// quoted with the mark escaped, and the warning says where it comes from;
// a key with a space at its end is quoted too. At plan and at invoke.
func TestSMSSendAction_unusedNameShowsHiddenCharacters(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	tid := approvedTemplate(t, env, "Hi ${name}, your visit is at ${time}")
	var rs []any
	for i := range 2 {
		rs = append(rs, map[string]any{"mobile": fmt.Sprintf("1380000000%d", i), "params": map[string]string{"\ufeffname": "Ann", "time": "9:00"}})
	}
	config := map[string]any{"template_id": tid, "recipients": rs}
	want := []string{
		`Template ` + tid + ` has no variable "\ufeffname" (a typo?), given in the params of 2 recipients`,
		`Its variables: name, time. A name quoted with \ufeff at its start begins with a byte order mark (U+FEFF), which csvdecode(file("…")) keeps in the first column's header ` +
			`of a CSV file saved as "UTF-8 with BOM" (Excel's "CSV UTF-8"): read the file with csvdecode(trimprefix(file("…"), "\ufeff")), or save it as UTF-8 without BOM.`,
	}
	check := func(phase string, diags []*tfprotov6.Diagnostic) {
		t.Helper()
		var got []string
		for _, d := range diags {
			if d.Summary == "Template Values Not Used" {
				got = append(got, d.Detail)
			}
		}
		if len(got) != 1 {
			t.Fatalf("%s: %d Template Values Not Used warnings, want 1: %q", phase, len(got), got)
		}
		for _, w := range want {
			if !strings.Contains(got[0], w) {
				t.Errorf("%s: %s\nwant it to say %s", phase, got[0], w)
			}
		}
	}
	check("plan", acctest.PlanOnly(t, srv, "contactcenter_sms_send", config).Diagnostics)
	check("invoke", env.RunAction(t, "contactcenter_sms_send", config).Diagnostics)

	res := acctest.PlanOnly(t, srv, "contactcenter_sms_send", map[string]any{"template_id": tid, "params": map[string]string{"name": "Ann", "time ": "9:00"},
		"recipients": []any{map[string]any{"mobile": "13800000009"}}})
	var got string
	for _, d := range res.Diagnostics {
		if d.Summary == "Template Values Not Used" {
			got += d.Detail
		}
	}
	if !strings.Contains(got, `has no variable "time " (a typo?), given in params; those values are not sent. Its variables: name, time.`) || strings.Contains(got, "byte order mark") {
		t.Errorf("a name with a space at its end: %q", got)
	}
}
