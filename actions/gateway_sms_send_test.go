package actions_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// setupGateway creates an approved signature "Acme" and a template
// "Code ${code} for ${name}" (approved unless pending) and returns its id.
func setupGateway(t *testing.T, env *acctest.Env, pending bool) string {
	t.Helper()
	c := env.Client(t)
	sid, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	if err := env.Sim.Review("gateway_signature", strconv.FormatInt(sid, 10), 1, ""); err != nil {
		t.Fatal(err)
	}
	tid, err := c.Gateway.AddTemplate(t.Context(), client.GatewayTemplateInput{TplText: "Code ${code} for ${name}", TplType: 1, TplTitle: "otp", SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	if !pending {
		if err := env.Sim.Review("gateway_template", strconv.FormatInt(tid, 10), 1, ""); err != nil {
			t.Fatal(err)
		}
	}
	return strconv.FormatInt(tid, 10)
}

func numbers(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("1390000%04d", i+1)
	}
	return out
}

func sends(env *acctest.Env, endpoint string) int {
	return env.Sim.Stats()["POST /smsapi/sms/v1/"+endpoint]
}

func TestGatewaySMSSend_batch450(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tpl := setupGateway(t, env, false)
	res := env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": numbers(450), "tpl_id": tpl, "sms_params": map[string]string{"code": "1234", "name": "Ann"}, "exten": "42",
	})
	if res.HasError() || res.Phase != "invoke" || !res.Completed {
		t.Fatalf("phase %s: %s", res.Phase, res.Text())
	}
	if n := sends(env, "send_batch"); n != 3 {
		t.Errorf("send_batch called %d times, want 3 (200 + 200 + 50)", n)
	}
	want := []string{
		"send_batch request 1 of 3: 200 of 200 numbers accepted",
		"send_batch request 2 of 3: 200 of 200 numbers accepted",
		"send_batch request 3 of 3: 50 of 50 numbers accepted",
		"sent 450 messages to 450 numbers in 3 requests, billed count 450",
	}
	if strings.Join(res.Progress, "\n") != strings.Join(want, "\n") {
		t.Errorf("progress:\n%s\nwant:\n%s", strings.Join(res.Progress, "\n"), strings.Join(want, "\n"))
	}
	// Every number has exactly one delivery record.
	c := env.Client(t)
	seen := map[string]bool{}
	for {
		recs, err := c.Gateway.PullDeliveryRecords(t.Context(), 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) == 0 {
			break
		}
		for _, r := range recs {
			if seen[string(r.Mobile)] || r.Exten != "42" {
				t.Errorf("record %+v duplicated or without exten", r)
			}
			seen[string(r.Mobile)] = true
		}
	}
	if len(seen) != 450 {
		t.Errorf("%d delivery records, want 450", len(seen))
	}
}

func TestGatewaySMSSend_modes(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tpl := setupGateway(t, env, false)
	res := env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": []string{"13800000001", "+8613800000002"}, "sms_text": "Store closes at 6 today.", "sign_text": "Acme", "sms_ext": "batch-7",
	})
	if res.HasError() {
		t.Fatal(res.Text())
	}
	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": []string{"13800000003"}, "tpl_id": tpl, "sms_params_list": []string{"9", "Bo"}, "sign_text": "Acme",
	})
	if res.HasError() {
		t.Fatal(res.Text())
	}
	if sends(env, "send_sms") != 1 || sends(env, "send_single") != 1 || sends(env, "send_batch") != 0 {
		t.Errorf("requests %v: want one send_sms and one send_single", env.Sim.Stats())
	}
	if res.Progress[0] != "send_single request 1 of 1: 1 of 1 number accepted" {
		t.Errorf("progress %q", res.Progress)
	}
}

func TestGatewaySMSSend_failedNumbers(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tpl := setupGateway(t, env, false)
	// The first request times out (1010): its 200 numbers are reported, and
	// the other two requests still go out (1010 is not request-wide).
	mobiles := numbers(450)
	postAdmin(t, env, "/_sim/faults", `{"force":[{"method":"POST","path":"/smsapi/sms/v1/send_batch","code":1010,"count":1}]}`)
	res := env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"mobiles": mobiles, "tpl_id": tpl, "sms_params_list": []string{"1", "a"}})
	if !res.HasError() {
		t.Fatalf("a failed request must fail the action: %v", res.Progress)
	}
	text := res.Text()
	for _, m := range mobiles[:200] {
		if !strings.Contains(text, m) {
			t.Fatalf("failed number %s is not reported:\n%s", m, text)
		}
	}
	for _, m := range mobiles[200:] {
		if strings.Contains(text, m) {
			t.Fatalf("sent number %s is reported as failed", m)
		}
	}
	// 1010 "sending timed out (retry)": the gateway may have sent them.
	if !strings.Contains(text, "Gateway SMS Outcome Unknown: 200 of 450 numbers may or may not have been sent (250 were accepted)") ||
		!strings.Contains(text, "code 1010 (sending timed out (retry))") ||
		!strings.Contains(text, "The numbers whose outcome is unknown may have been sent too: find them in the delivery records before sending to them again") ||
		!strings.Contains(text, "reach the records minutes later: look again after a few minutes") {
		t.Errorf("diagnostic:\n%s", text)
	}
	// Where the delivery records are: no data source reads them (the
	// advice named none, and contactcenter_sms_records holds only the open
	// interface's sends).
	if !strings.Contains(text, "The delivery records are pushed to the app's delivery callback, or drained from the gateway's queue with `ccsync sms status pull --kind delivery`") {
		t.Errorf("the diagnostic does not say where the delivery records are:\n%s", text)
	}
	// Said once, not in the failure's line and twice again below it.
	if n := strings.Count(text, "delivery records before sending"); n != 1 {
		t.Errorf("the advice to check the delivery records is given %d times, want once:\n%s", n, text)
	}
	if len(res.Diagnostics) != 1 {
		t.Errorf("want every failed number in one diagnostic, got %d", len(res.Diagnostics))
	}
	if n := sends(env, "send_batch"); n != 3 {
		t.Errorf("send_batch called %d times, want 3", n)
	}
}

// TestGatewaySMSSend_numbersRefusedGoOn: a request whose numbers the
// gateway refuses (1012) does not stop the others, whose numbers are not
// the same (a survivor of mutation testing).
func TestGatewaySMSSend_numbersRefusedGoOn(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tpl := setupGateway(t, env, false)
	mobiles := numbers(450)
	postAdmin(t, env, "/_sim/faults", `{"force":[{"method":"POST","path":"/smsapi/sms/v1/send_batch","code":1012,"count":1}]}`)
	res := env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"mobiles": mobiles, "tpl_id": tpl, "sms_params_list": []string{"1", "a"}})
	text := res.Text()
	if !res.HasError() || !strings.Contains(text, "code 1012") || !strings.Contains(text, "200 of 450 numbers were not sent") ||
		strings.Contains(text, "stopped after request") || strings.Contains(text, mobiles[200]) {
		t.Errorf("the first request refused with 1012:\n%s", text)
	}
	if n := sends(env, "send_batch"); n != 3 {
		t.Errorf("send_batch called %d times; want 3: 1012 concerns the numbers of one request", n)
	}
}

// TestGatewaySMSSend_stopsOnRequestWideError: an error every request would
// get (1016, the template not approved) stops the send after the first
// request. The error listed every number, those of the refused request and
// those not sent after it: 10,000 numbers made 250 KB that said one thing.
// It now says the rule, the count, the positions in the list and the
// first numbers, once.
func TestGatewaySMSSend_stopsOnRequestWideError(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tpl := setupGateway(t, env, true) // the template is still pending: 1016
	mobiles := numbers(9999)
	mobiles[0] = "+86" + mobiles[0] // named as the records name it, and as written
	res := env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"mobiles": mobiles, "tpl_id": tpl, "sms_params": map[string]string{"code": "1", "name": "a"}})
	text := res.Text()
	for _, want := range []string{"code 1016", "9999 of 9999 numbers were not sent:",
		"request 1 of 50 (send_batch) failed: code 1016", "Requests 2 to 50 were not sent: every request would get this error (9999 numbers, mobiles[0] to mobiles[9998]):\n" +
			"13900000001 (written +8613900000001), 13900000002, 13900000003, 13900000004, 13900000005 and 9994 more",
		"No number was sent"} {
		if !res.HasError() || !strings.Contains(text, want) {
			t.Errorf("diagnostic lacks %q:\n%.3000s", want, text)
		}
	}
	if strings.Contains(text, mobiles[5]) || strings.Contains(text, mobiles[9998]) || strings.Count(text, "13900000002") != 1 {
		t.Errorf("every number listed, or a number twice:\n%.3000s", text)
	}
	if len(text) > 4000 {
		t.Errorf("the error is %d bytes, want at most 4000 for 9999 numbers refused alike", len(text))
	}
	if n := sends(env, "send_batch"); n != 1 {
		t.Errorf("send_batch called %d times; a template error must stop after the first request", n)
	}
}

// TestGatewaySMSSend_requestWideAfterSomeSent: requests sent before the
// error every request would get are not named; the numbers not sent are
// the list's from the refused request's first on, said by their positions.
func TestGatewaySMSSend_requestWideAfterSomeSent(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	// The signature, removed meanwhile: every request would get it.
	gw, calls := gatewayRefusingThird(t, http.StatusOK)
	srv := env.ActionServerWith(t, map[string]any{"smsapi_url": gw.URL + "/smsapi"})
	mobiles := numbers(1000)
	res := acctest.RunAction(t, srv, "contactcenter_gateway_sms_send", map[string]any{"mobiles": mobiles, "sms_text": "hi", "sign_text": "Acme"})
	text := res.Text()
	for _, want := range []string{"600 of 1000 numbers were not sent (400 were):", "request 3 of 5 (send_sms) failed: code 1018",
		"Requests 4 to 5 were not sent: every request would get this error (600 numbers, mobiles[400] to mobiles[999]):\n13900000401, 13900000402, 13900000403, 13900000404, 13900000405 and 595 more",
		"Numbers not listed here were accepted"} {
		if !res.HasError() || !strings.Contains(text, want) {
			t.Errorf("diagnostic lacks %q:\n%.3000s", want, text)
		}
	}
	if n := calls(); n != 3 {
		t.Errorf("the gateway was called %d times, want 3", n)
	}
}

func TestGatewaySMSSend_validation(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	ok := []string{"13800000001"}
	cases := map[string]struct {
		config map[string]any
		want   string
	}{
		"401 characters":   {map[string]any{"mobiles": ok, "sms_text": strings.Repeat("字", 401), "sign_text": "A"}, "UTF-8 character count must be between 1 and 400"},
		"exten not digits": {map[string]any{"mobiles": ok, "sms_text": "x", "sign_text": "A", "exten": "12a"}, "must contain only the digits 0-9"},
		"bad mobile":       {map[string]any{"mobiles": []string{"13800000001", "555-1234"}, "sms_text": "x", "sign_text": "A"}, `mobiles[1]: "555-1234" is not a mobile number`},
		"text and tpl":     {map[string]any{"mobiles": ok, "sms_text": "x", "tpl_id": "5", "sign_text": "A"}, "sms_text"},
		"neither":          {map[string]any{"mobiles": ok, "sign_text": "A"}, "sms_text"},
		"text no sign":     {map[string]any{"mobiles": ok, "sms_text": "x"}, "sign_text is required with sms_text"},
		"params with text": {map[string]any{"mobiles": ok, "sms_text": "x", "sign_text": "A", "sms_params": map[string]string{"a": "b"}}, "cannot be configured together"},
		"both params":      {map[string]any{"mobiles": ok, "tpl_id": "5", "sms_params": map[string]string{"a": "b"}, "sms_params_list": []string{"b"}}, "cannot be configured together"},
		"bracketed sign":   {map[string]any{"mobiles": ok, "sms_text": "x", "sign_text": "【A】"}, "without brackets"},
		// White space only went out (billed) as the signature alone, or
		// failed at send with 1018.
		"blank text": {map[string]any{"mobiles": ok, "sms_text": " \n\t", "sign_text": "A"}, `Attribute sms_text must hold more than white space (a message of white space only would be sent, and billed, as the signature alone), got " \n\t"`},
		"blank sign": {map[string]any{"mobiles": ok, "sms_text": "x", "sign_text": "\u3000 "}, `Attribute sign_text must hold more than white space`},
		"no mobiles": {map[string]any{"mobiles": []string{}, "sms_text": "x", "sign_text": "A"}, "at least 1"},
		"duplicate mobile": {map[string]any{"mobiles": []string{"13800000001", "13800000002", "+8613800000001"}, "sms_text": "x", "sign_text": "A"},
			"+8613800000001 is listed twice (mobiles[0] and mobiles[2])"},
		// send_file separates values with spaces: an empty one would shift the
		// others into the wrong variables.
		"empty file value": {map[string]any{"tpl_id": "5", "sms_params_list": []string{"customer", "Acme Cloud"},
			"recipients": []map[string]any{{"mobile": "13800000015", "sms_params_list": []string{"", "Acme Pro"}}}},
			"Value 1 for 13800000015 is empty"},
		// An empty column of the list the recipients come from: one error,
		// not one a recipient.
		"empty file values": {map[string]any{"tpl_id": "5", "recipients": []map[string]any{
			{"mobile": "13800000015", "sms_params_list": []string{"", "Acme Pro"}}, {"mobile": "13800000016", "sms_params_list": []string{"", "Acme Pro"}},
			{"mobile": "13800000017", "sms_params_list": []string{"Bo", "Acme Pro"}}, {"mobile": "13800000018", "sms_params_list": []string{"", "Acme Pro"}},
			{"mobile": "13800000019", "sms_params_list": []string{"", ""}}}},
			"Empty Template Value: 5 values are empty: value 1 for 13800000015 (recipients[0].sms_params_list[0]), value 1 for 13800000016 " +
				"(recipients[1].sms_params_list[0]), value 1 for 13800000018 (recipients[3].sms_params_list[0]) and 2 more. recipients are sent in one file"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			res := env.RunAction(t, "contactcenter_gateway_sms_send", tc.config)
			if res.Phase != "validate" || !strings.Contains(res.Text(), tc.want) {
				t.Errorf("phase %s, diagnostics:\n%s\nwant %q at validate", res.Phase, res.Text(), tc.want)
			}
			if n := strings.Count(res.Text(), "Empty Template Value"); n > 1 {
				t.Errorf("%d empty-value errors, want them in one:\n%s", n, res.Text())
			}
		})
	}
	// 400 characters of three bytes each are allowed (characters, not bytes).
	res := env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"mobiles": ok, "sms_text": strings.Repeat("字", 400), "sign_text": "A"})
	if res.Phase != "invoke" {
		t.Errorf("400 characters must pass validation, stopped at %s: %s", res.Phase, res.Text())
	}
	if n := sends(env, "send_sms"); n != 1 {
		t.Errorf("only the valid run may reach the gateway, got %d sends (%v)", n, env.Sim.Stats())
	}
}

func postAdmin(t *testing.T, env *acctest.Env, path, body string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, env.Origin+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("%s: HTTP %d", path, resp.StatusCode)
	}
}

// TestAccGatewaySMSSend_cli runs the action through Terraform (1.14+ only):
// a terraform_data resource triggers it after create.
func TestAccGatewaySMSSend_cli(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			PreConfig: func() { setupGateway(t, env, false) },
			Config: env.Config(`
action "contactcenter_gateway_sms_send" "notice" {
  config {
    mobiles   = ["13800000001", "13800000002"]
    sms_text  = "Maintenance tonight from 22:00."
    sign_text = "Acme"
  }
}

resource "terraform_data" "trigger" {
  input = "maintenance"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_gateway_sms_send.notice]
    }
  }
}
`),
			Check: func(*terraform.State) error {
				if n := sends(env, "send_sms"); n != 1 {
					return fmt.Errorf("send_sms called %d times, want 1", n)
				}
				return nil
			},
		}},
	})
}

// TestGatewaySMSSend_recipientsOneFile: numbers with their own values go in
// one send_file request (one line each), not one send_batch per number;
// every number is delivered once, and a refused file lists every number.
func TestGatewaySMSSend_recipientsOneFile(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tpl := setupGateway(t, env, false)
	var rs []map[string]any
	for i, m := range numbers(24) {
		rs = append(rs, map[string]any{"mobile": m, "sms_params_list": []string{fmt.Sprintf("%04d", i), fmt.Sprintf("Name %d", i)}})
	}
	res := env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"tpl_id": tpl, "recipients": rs, "sms_ext": "run-1"})
	if res.HasError() || !res.Completed {
		t.Fatalf("phase %s: %s", res.Phase, res.Text())
	}
	if f, b, s := sends(env, "send_file"), sends(env, "send_batch"), sends(env, "send_single"); f != 1 || b != 0 || s != 0 {
		t.Errorf("send_file %d, send_batch %d, send_single %d requests; want 1, 0, 0", f, b, s)
	}
	seen := map[string]int{}
	for {
		recs, err := env.Client(t).Gateway.PullDeliveryRecords(t.Context(), 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) == 0 {
			break
		}
		for _, r := range recs {
			seen[string(r.Mobile)]++
		}
	}
	for _, m := range numbers(24) {
		if seen[m] != 1 {
			t.Errorf("%s has %d delivery records, want 1", m, seen[m])
		}
	}

	// A refused file (the template is not approved) sends nothing, and
	// says so for every number, in one request: by their positions in
	// recipients and the first few (an error every request would get
	// does not list each number).
	pending := setupGateway(t, env, true)
	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"tpl_id": pending, "recipients": rs})
	if !res.HasError() || !strings.Contains(res.Text(), "24 of 24 numbers were not sent") ||
		!strings.Contains(res.Text(), "(24 numbers, recipients[0] to recipients[23]):\n"+numbers(24)[0]+", ") || !strings.Contains(res.Text(), " and 19 more") {
		t.Errorf("a refused file must say every number was not sent: %s", res.Text())
	}
	if f := sends(env, "send_file"); f != 2 {
		t.Errorf("send_file %d requests, want 2", f)
	}

	// Each number once, in recipients as in mobiles.
	dup := []map[string]any{{"mobile": "13900000001"}, {"mobile": "+8613900000001"}}
	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"tpl_id": tpl, "recipients": dup})
	if !res.HasError() || !strings.Contains(res.Text(), "listed twice (recipients[0] and recipients[1])") {
		t.Errorf("a number listed twice must be refused: %s", res.Text())
	}
}

// TestGatewaySMSSend_resultNumbers: the gateway accepts +86 before a
// number (§4.8) and may write it back without; such a number was reported
// "not sent" (a rerun sent it twice). A number missing from a successful
// answer is reported as of unknown outcome, not as not sent.
func TestGatewaySMSSend_resultNumbers(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Mobiles []string `json:"mobiles"`
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		items := []map[string]any{}
		for _, m := range body.Mobiles {
			if m == "13800000009" {
				continue // not in the answer
			}
			items = append(items, map[string]any{"mobile": strings.TrimPrefix(strings.TrimPrefix(m, "+"), "86"), "smsId": "s" + m, "smsFee": 1})
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "msg": "ok", "data": items})
	}))
	t.Cleanup(gw.Close)
	srv := env.ActionServerWith(t, map[string]any{"smsapi_url": gw.URL + "/smsapi"})
	res := acctest.RunAction(t, srv, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": []string{"+8613800000001", "8613800000002", "13800000003"}, "sms_text": "hi", "sign_text": "Acme"})
	if res.HasError() {
		t.Errorf("every number is in the gateway's answer (without +86): %s", res.Text())
	}
	res = acctest.RunAction(t, srv, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": []string{"+8613800000001", "13800000009"}, "sms_text": "hi", "sign_text": "Acme"})
	for _, want := range []string{"Gateway SMS Outcome Unknown: 1 of 2 numbers may or may not have been sent (1 was accepted)",
		"not in the gateway's result, although the request succeeded. The outcome is unknown", "13800000009"} {
		if !strings.Contains(res.Text(), want) {
			t.Errorf("diagnostics lack %q:\n%s", want, res.Text())
		}
	}
	if strings.Contains(res.Text(), "+8613800000001") {
		t.Errorf("an accepted number is reported:\n%s", res.Text())
	}
}

// TestActions_checksAgainAtInvoke: a value that refers to another object
// (tpl_id = contactcenter_gateway_sms_template.x.id, a number built from
// an attribute) is unknown at validation, which skips its checks; the
// action was then invoked with it unchecked: both sms_text and tpl_id
// went out as the free text, a number listed twice was sent and billed
// twice, a malformed number reached the gateway. The checks now run again
// at invoke, and nothing is sent.
func TestActions_checksAgainAtInvoke(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tpl := setupGateway(t, env, false)
	srv := env.ActionServer(t)
	for name, tc := range map[string]struct {
		typ    string
		config map[string]any
		want   string
	}{
		"both sms_text and tpl_id": {"contactcenter_gateway_sms_send",
			map[string]any{"mobiles": []string{"13800000011"}, "tpl_id": tpl, "sms_text": "hello", "sign_text": "Acme"},
			"Exactly one of these attributes must be configured: [sms_text,tpl_id]"},
		"a number listed twice": {"contactcenter_gateway_sms_send",
			map[string]any{"mobiles": []string{"13800000011", "+8613800000011"}, "sms_text": "hello", "sign_text": "Acme"},
			"+8613800000011 is listed twice (mobiles[0] and mobiles[1])"},
		"a malformed number": {"contactcenter_gateway_sms_send",
			map[string]any{"mobiles": []string{"138 10"}, "sms_text": "hello", "sign_text": "Acme"},
			`Invalid Mobile Number: mobiles[0]: "138 10" is not a mobile number`},
		"a number with separators": {"contactcenter_gateway_sms_send",
			map[string]any{"mobiles": []string{"+86 138-0013-8000"}, "sms_text": "hello", "sign_text": "Acme"},
			`can be passed through provider::contactcenter::mobile_normalize, which takes them out`},
		"sms_send, a number listed twice": {"contactcenter_sms_send",
			map[string]any{"template_id": "1", "recipients": []any{map[string]any{"mobile": "13900000001"}, map[string]any{"mobile": "13900000001"}}},
			"Duplicate Recipient"},
	} {
		res := acctest.InvokeOnly(t, srv, tc.typ, tc.config)
		if !res.HasError() || !strings.Contains(res.Text(), tc.want) {
			t.Errorf("%s: %s, want an error with %q", name, res.Text(), tc.want)
		}
	}
	for _, endpoint := range []string{"send_sms", "send_batch", "send_single"} {
		if n := sends(env, endpoint); n != 0 {
			t.Errorf("%s called %d times: nothing may be sent", endpoint, n)
		}
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 0 {
		t.Errorf("sms/send called %d times: nothing may be sent", n)
	}
}

// TestActions_checksAtPlan: values from variables are unknown when
// Terraform validates a configuration and known when it plans; the checks
// ran only at validation and at invoke, so a number listed twice in a
// variable failed after the apply had changed the resources the action is
// triggered on. Every action now runs its checks at plan too.
func TestActions_checksAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	for name, tc := range map[string]struct {
		typ    string
		config map[string]any
		want   string
	}{
		"gateway, a number listed twice": {"contactcenter_gateway_sms_send",
			map[string]any{"mobiles": []string{"13800000011", "+8613800000011"}, "sms_text": "hello", "sign_text": "Acme"},
			"+8613800000011 is listed twice (mobiles[0] and mobiles[1])"},
		"gateway, a malformed number": {"contactcenter_gateway_sms_send",
			map[string]any{"mobiles": []string{"138 10"}, "sms_text": "hello", "sign_text": "Acme"},
			`Invalid Mobile Number: mobiles[0]: "138 10" is not a mobile number`},
		"sms_send, a number listed twice": {"contactcenter_sms_send",
			map[string]any{"template_id": "1", "recipients": []any{map[string]any{"mobile": "13900000001"}, map[string]any{"mobile": "13900000001"}}},
			"Duplicate Recipient"},
		// mobile is optional in the schema only so that an unknown recipient
		// plans; a known one without it is refused.
		"sms_send, no mobile": {"contactcenter_sms_send",
			map[string]any{"template_id": "1", "recipients": []any{map[string]any{"params": map[string]string{"a": "1"}}}},
			"Missing Recipient Mobile: recipients[0] has no mobile: every recipient needs the number to send to."},
		"gateway, no mobile": {"contactcenter_gateway_sms_send",
			map[string]any{"tpl_id": "5001", "sign_text": "Acme", "recipients": []any{map[string]any{"sms_params_list": []string{"1"}}}},
			"Missing Recipient Mobile: recipients[0] has no mobile"},
		"task status, an id twice": {"contactcenter_outbound_task_status",
			map[string]any{"ids": []int64{7, 7}, "status": "open"}, "duplicate values"},
		"call user data, no values": {"contactcenter_call_user_data",
			map[string]any{"call_id": "c1", "user_data": map[string]string{}}, "at least 1"},
		"transcribe, a negative timeout": {"contactcenter_asr_transcribe",
			map[string]any{"speech_file_url": "https://files.example.com/call.wav", "timeouts": map[string]any{"invoke": "-1m"}},
			"timeouts.invoke must be a positive duration"},
	} {
		res := acctest.PlanOnly(t, srv, tc.typ, tc.config)
		if !res.HasError() || !strings.Contains(res.Text(), tc.want) {
			t.Errorf("%s: plan gave %q, want an error with %q", name, res.Text(), tc.want)
		}
	}
	// A value still unknown at plan (a recipient chosen by a condition on
	// a resource not yet applied) is checked at invoke: the plan passes.
	// (sms_send failed with a value conversion error, "always an error in
	// the provider".)
	recipients := func(n int) []any {
		rs := make([]any, n)
		for i := range rs {
			rs[i] = map[string]any{"mobile": fmt.Sprintf("1390000000%d", i+1), "params": map[string]string{"name": "A"}}
		}
		return rs
	}
	for name, tc := range map[string]struct {
		typ     string
		config  map[string]any
		unknown *tftypes.AttributePath
	}{
		"sms_send, a recipient":          {"contactcenter_sms_send", map[string]any{"template_id": "1", "recipients": recipients(2)}, tftypes.NewAttributePath().WithAttributeName("recipients").WithElementKeyInt(0)},
		"sms_send, a recipient's mobile": {"contactcenter_sms_send", map[string]any{"template_id": "1", "recipients": recipients(2)}, tftypes.NewAttributePath().WithAttributeName("recipients").WithElementKeyInt(1).WithAttributeName("mobile")},
		"gateway, a recipient":           {"contactcenter_gateway_sms_send", map[string]any{"tpl_id": "5001", "sign_text": "Acme", "recipients": []any{map[string]any{"mobile": "13900000001"}, map[string]any{"mobile": "13900000002"}}}, tftypes.NewAttributePath().WithAttributeName("recipients").WithElementKeyInt(0)},
		"call user data, a value":        {"contactcenter_call_user_data", map[string]any{"call_id": "c1", "user_data": map[string]string{"a": "1"}}, tftypes.NewAttributePath().WithAttributeName("user_data").WithElementKeyString("a")},
		"task status, an id":             {"contactcenter_outbound_task_status", map[string]any{"ids": []int64{7, 8}, "status": "open"}, tftypes.NewAttributePath().WithAttributeName("ids").WithElementKeyInt(0)},
	} {
		if res := acctest.PlanOnlyUnknown(t, srv, tc.typ, tc.config, tc.unknown); res.HasError() {
			t.Errorf("%s unknown at plan: %s", name, res.Text())
		}
	}
	for _, endpoint := range []string{"send_sms", "send_batch", "send_single"} {
		if n := sends(env, endpoint); n != 0 {
			t.Errorf("%s called %d times: nothing may be sent", endpoint, n)
		}
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 0 {
		t.Errorf("sms/send called %d times: nothing may be sent", n)
	}
}

// TestGatewaySMSSend_nationalOnTheWire: §4.8 accepts a +86 prefix only on
// send_single's mobile. Numbers written +86… or 86… went out as written on
// send_sms, send_batch and in send_file's file, where the gateway may
// refuse the whole request (1012). Every request now carries the national
// form, and the report still names a number as it was written.
func TestGatewaySMSSend_nationalOnTheWire(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	var mu sync.Mutex
	wire := map[string][]string{}
	gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		endpoint := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		var got []string
		if endpoint == "send_file" {
			if f, _, err := r.FormFile("mobiles"); err == nil {
				b, _ := io.ReadAll(f)
				for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
					got = append(got, strings.Fields(line)[0])
				}
			}
		} else {
			var body struct {
				Mobiles []string `json:"mobiles"`
				Mobile  string   `json:"mobile"`
			}
			_ = json.NewDecoder(r.Body).Decode(&body)
			got = append(body.Mobiles, body.Mobile)
		}
		items := []map[string]any{}
		for _, m := range got {
			if m != "" && m != "13800000009" {
				items = append(items, map[string]any{"mobile": m, "smsId": "s" + m, "smsFee": 1})
			}
		}
		mu.Lock()
		wire[endpoint] = append(wire[endpoint], got...)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "msg": "ok", "data": items, "mobile": "13800000001"})
	}))
	t.Cleanup(gw.Close)
	srv := env.ActionServerWith(t, map[string]any{"smsapi_url": gw.URL + "/smsapi"})
	written := []string{"+8613800000001", "8613800000002", "13800000003"}
	runs := map[string]map[string]any{
		"send_sms":    {"mobiles": written, "sms_text": "hi", "sign_text": "Acme"},
		"send_batch":  {"mobiles": written, "tpl_id": "5001", "sms_params_list": []string{"1"}, "sign_text": "Acme"},
		"send_single": {"mobiles": written[:1], "tpl_id": "5001", "sms_params_list": []string{"1"}, "sign_text": "Acme"},
		"send_file": {"tpl_id": "5001", "sign_text": "Acme", "recipients": []map[string]any{
			{"mobile": written[0], "sms_params_list": []string{"1"}}, {"mobile": written[1], "sms_params_list": []string{"2"}}}},
	}
	for endpoint, config := range runs {
		if res := acctest.RunAction(t, srv, "contactcenter_gateway_sms_send", config); res.HasError() {
			t.Errorf("%s: %s", endpoint, res.Text())
		}
	}
	mu.Lock()
	for endpoint := range runs {
		if len(wire[endpoint]) == 0 {
			t.Errorf("%s was not called", endpoint)
		}
		for _, m := range wire[endpoint] {
			if m != "" && (len(m) != 11 || !strings.HasPrefix(m, "138")) {
				t.Errorf("%s carried %q, want the national 11-digit form", endpoint, m)
			}
		}
	}
	mu.Unlock()
	res := acctest.RunAction(t, srv, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": []string{"+8613800000001", "+8613800000009"}, "sms_text": "hi", "sign_text": "Acme"})
	if !strings.Contains(res.Text(), "1 of 2 numbers may or may not have been sent") || !strings.Contains(res.Text(), "+8613800000009") {
		t.Errorf("the report must name the number as written:\n%s", res.Text())
	}
}

// TestGatewaySMSSend_unknownNamesStoredNumber: numbers of unknown outcome
// were listed only as written (+86…), while the delivery records name them
// without +86. The error now gives the form the records carry.
func TestGatewaySMSSend_unknownNamesStoredNumber(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	setupGateway(t, env, false)
	postAdmin(t, env, "/_sim/faults", `{"force":[{"method":"POST","path":"/smsapi/sms/v1/send_sms","lost":true,"count":1}]}`)
	res := env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": []string{"+8613800138009", "13800138010"}, "sms_text": "hi", "sign_text": "Acme"})
	for _, want := range []string{"Gateway SMS Outcome Unknown", "13800138009 (written +8613800138009), 13800138010", "without +86"} {
		if !strings.Contains(res.Text(), want) {
			t.Errorf("diagnostics lack %q:\n%s", want, res.Text())
		}
	}
}

// TestGatewaySMSSend_nothingLeft: failures before any request left were
// reported as "Gateway SMS Outcome Unknown … may or may not have been
// sent". A refused connection sent nothing; missing gateway credentials
// fail before the first request, naming the settings.
func TestGatewaySMSSend_nothingLeft(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	config := map[string]any{"mobiles": []string{"13800138001", "13800138002"}, "sms_text": "hi", "sign_text": "Acme"}

	res := acctest.RunAction(t, env.ActionServerWith(t, map[string]any{"smsapi_url": closed + "/smsapi"}), "contactcenter_gateway_sms_send", config)
	errs := errorDiags(res)
	if len(errs) != 1 || errs[0].Summary != "Unable to Send Gateway SMS" || !strings.Contains(errs[0].Detail, "2 of 2 numbers were not sent:") || strings.Contains(errs[0].Detail, "(0 were)") ||
		!strings.Contains(errs[0].Detail, "connection refused") || strings.Contains(errs[0].Detail, "may or may not") || strings.Contains(errs[0].Detail, "outcome is unknown") {
		t.Errorf("connection refused:\n%s", res.Text())
	}

	// Refused at plan (TestGatewaySMSSend_credentialsCheckedAtPlan); the
	// invoke checks again.
	res = acctest.InvokeOnly(t, env.ActionServerWith(t, map[string]any{"sms_app_id": nil, "sms_app_key": nil}), "contactcenter_gateway_sms_send", config)
	errs = errorDiags(res)
	if len(errs) != 1 || errs[0].Summary != "Missing SMS Gateway Credentials" {
		t.Fatalf("missing credentials:\n%s", res.Text())
	}
	if strings.Count(errs[0].Detail, "sms_app_id") != 2 || !strings.HasPrefix(errs[0].Detail, "Nothing was sent: sms_app_id and sms_app_key are not set (") {
		t.Errorf("missing credentials: the detail should say once what is missing and once what to set:\n%s", errs[0].Detail)
	}
	for _, want := range []string{"sms_app_id and sms_app_key", "CONTACTCENTER_SMS_APP_ID", "CONTACTCENTER_SMS_APP_KEY", "Nothing was sent",
		"terraform apply -invoke=action.contactcenter_gateway_sms_send.<name>"} {
		if !strings.Contains(errs[0].Detail, want) {
			t.Errorf("missing credentials: detail lacks %q:\n%s", want, errs[0].Detail)
		}
	}
	if n := sends(env, "send_sms"); n != 0 {
		t.Errorf("send_sms called %d times", n)
	}
}

// TestGatewaySMSSend_messages: a send_file run ended "billed count 0"
// (send_file answers without fees); a request whose answer was lost
// printed "0 of 200 numbers accepted"; "(1 numbers)", "sent 1 messages";
// a number in both mobiles and recipients was "listed twice
// (recipients[0] and recipients[0])"; a run that sent nothing did not say
// how to run it again.
func TestGatewaySMSSend_messages(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tpl := setupGateway(t, env, false)
	res := env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"tpl_id": tpl, "sign_text": "Acme",
		"recipients": []map[string]any{{"mobile": "13800138001", "sms_params_list": []string{"1", "a"}}}})
	if res.HasError() || res.Progress[len(res.Progress)-1] != "sent 1 message to 1 number in 1 request, billed count not reported (send_file answers without fees)" {
		t.Errorf("send_file: %s %q", res.Text(), res.Progress)
	}

	postAdmin(t, env, "/_sim/faults", `{"force":[{"method":"POST","path":"/smsapi/sms/v1/send_sms","lost":true,"count":1}]}`)
	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"mobiles": []string{"13800138002"}, "sms_text": "hi", "sign_text": "Acme"})
	if len(res.Progress) == 0 || res.Progress[0] != "send_sms request 1 of 1: outcome unknown for 1 number (the answer was lost)" {
		t.Errorf("lost answer progress: %q", res.Progress)
	}
	if !strings.Contains(res.Text(), "(1 number):") || strings.Contains(res.Text(), "terraform apply -invoke") ||
		!strings.Contains(res.Text(), "The numbers whose outcome is unknown may have been sent: find them") ||
		strings.Contains(res.Text(), "Numbers not listed here were accepted") {
		t.Errorf("lost answer (no number listed was accepted): %s", res.Text())
	}

	pending := setupGateway(t, env, true)
	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"mobiles": []string{"13800138003"}, "tpl_id": pending, "sms_params_list": []string{"1", "a"}})
	for _, want := range []string{"1 of 1 numbers were not sent:", "(1 number):", "No number was sent",
		"terraform apply -invoke=action.contactcenter_gateway_sms_send.<name>"} {
		if !strings.Contains(res.Text(), want) {
			t.Errorf("nothing sent: diagnostics lack %q:\n%s", want, res.Text())
		}
	}
	if strings.Contains(res.Text(), "Numbers not listed here were accepted") {
		t.Errorf("nothing sent, yet the others are said to be accepted:\n%s", res.Text())
	}
	// The gateway's 1016 says "does not exist or is not approved": the
	// error says which, and the reviewer's reason (as sms_send does).
	if !strings.Contains(res.Text(), "Template "+pending+" is still in review: send once it is approved") {
		t.Errorf("pending template: %s", res.Text())
	}
	if err := env.Sim.Review("gateway_template", pending, 2, "marketing wording"); err != nil {
		t.Fatal(err)
	}
	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"mobiles": []string{"13800138003"}, "tpl_id": pending, "sms_params_list": []string{"1", "a"}})
	if !strings.Contains(res.Text(), "Template "+pending+" was rejected by the review: marketing wording.") {
		t.Errorf("rejected template: %s", res.Text())
	}

	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"mobiles": []string{"13800138004"}, "tpl_id": tpl,
		"recipients": []map[string]any{{"mobile": "+8613800138004"}}})
	if !strings.Contains(res.Text(), "+8613800138004 is listed twice (mobiles[0] and recipients[0])") {
		t.Errorf("duplicate across lists: %s", res.Text())
	}
}

// TestGatewaySMSSend_credentialsCheckedAtPlan: a provider without
// sms_app_id or sms_app_key passed the plan; the apply created the
// resource whose action_trigger runs the action, and only then did the
// action fail, leaving an empty next plan. The plan refuses it now, naming
// what is missing and where to set it, and nothing is called.
func TestGatewaySMSSend_credentialsCheckedAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	config := map[string]any{"mobiles": []string{"13800138001"}, "sms_text": "hi", "sign_text": "Acme"}
	for name, extra := range map[string]map[string]any{
		"both":        {"sms_app_id": nil, "sms_app_key": nil},
		"sms_app_key": {"sms_app_key": nil},
	} {
		res := acctest.PlanOnly(t, env.ActionServerWith(t, extra), "contactcenter_gateway_sms_send", config)
		errs := errorDiags(res)
		want := "Nothing will be sent: " + map[string]string{"both": "sms_app_id and sms_app_key are", "sms_app_key": "sms_app_key is"}[name] + " not set ("
		if len(errs) != 1 || errs[0].Summary != "Missing SMS Gateway Credentials" || !strings.HasPrefix(errs[0].Detail, want) ||
			!strings.Contains(errs[0].Detail, "CONTACTCENTER_SMS_APP_KEY") {
			t.Errorf("%s: want the plan refused, %q:\n%s", name, want, res.Text())
		}
	}
	if res := acctest.PlanOnly(t, env.ActionServer(t), "contactcenter_gateway_sms_send", config); res.HasError() {
		t.Errorf("with credentials: %s", res.Text())
	}
	if n := len(env.Sim.Stats()); n != 0 {
		t.Errorf("the plan called the API: %v", env.Sim.Stats())
	}
}

// TestAccGatewaySMSSend_credentialsCheckedAtPlan: through Terraform (1.14
// or later), the apply stops at plan, before the triggering resource is
// created.
func TestAccGatewaySMSSend_credentialsCheckedAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf(`
provider "contactcenter" {
  endpoint     = %q
  access_token = "sim-token"
}

action "contactcenter_gateway_sms_send" "welcome" {
  config {
    mobiles   = ["13800138001"]
    sms_text  = "Welcome"
    sign_text = "Acme"
  }
}

resource "terraform_data" "signup" {
  input = "1"
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_gateway_sms_send.welcome]
    }
  }
}
`, env.Origin),
			ExpectError: regexp.MustCompile(`(?s)Failed to plan action.*Missing SMS Gateway Credentials.*Nothing will be sent`),
		}},
	})
}

// TestGatewaySMSSend_recipientsWithoutValuesWarn: recipients written with
// their values under another name ({ mobile = …, sms_params = {…} }, as the
// top-level sms_params and contactcenter_sms_send's params read) reach the
// provider as numbers alone: Terraform drops the attribute without a word,
// and the plan showed only the numbers. The plan warns, naming
// sms_params_list; recipients with values, or a shared list, do not warn.
func TestGatewaySMSSend_recipientsWithoutValuesWarn(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	// Made before the provider's first read: a plan reads the templates
	// as they were when it began.
	withVars := setupGateway(t, env, false)
	plain, err := env.Client(t).Gateway.AddTemplate(t.Context(), client.GatewayTemplateInput{TplText: "Our store opens at nine tomorrow", TplType: 1, TplTitle: "notice", SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	srv := env.ActionServer(t)
	warned := func(config map[string]any) bool {
		res := acctest.PlanOnly(t, srv, "contactcenter_gateway_sms_send", config)
		vr := struct{ Diagnostics []*tfprotov6.Diagnostic }{res.Diagnostics}
		for _, d := range vr.Diagnostics {
			if d.Severity == tfprotov6.DiagnosticSeverityWarning && d.Summary == "Recipients Without Values" {
				if !strings.Contains(d.Detail, "sms_params_list") || !strings.Contains(d.Detail, "None of the 2 recipients") {
					t.Errorf("detail: %s", d.Detail)
				}
				return true
			}
		}
		return false
	}
	bare := []map[string]any{{"mobile": "13800000015"}, {"mobile": "13800000016"}}
	if !warned(map[string]any{"tpl_id": "5", "recipients": bare}) {
		t.Error("recipients without values: no warning")
	}
	if warned(map[string]any{"tpl_id": "5", "sms_params_list": []string{"Ann"}, "recipients": bare}) {
		t.Error("warned with a shared sms_params_list")
	}
	if warned(map[string]any{"tpl_id": "5", "recipients": []map[string]any{{"mobile": "13800000015", "sms_params_list": []string{"Ann"}}, {"mobile": "13800000016"}}}) {
		t.Error("warned with a recipient's own values")
	}
	// A template with variables warns; one without needs no values.
	if !warned(map[string]any{"tpl_id": withVars, "recipients": bare}) {
		t.Error("recipients without values for a template with variables: no warning")
	}
	if warned(map[string]any{"tpl_id": strconv.FormatInt(plain, 10), "recipients": bare}) {
		t.Error("warned for a template without variables")
	}
}

// A free text read with file() from a file saved as "UTF-8 with BOM", or
// pasted with a zero-width space, went out with the character, unseen, in
// every message. One at either end is refused (as a template value's is:
// a warning is not shown at invoke, where a text from another resource is
// first known); one within the text is a warning, naming it.
func TestGatewaySMSSendAction_invisibleTextWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	for text, tc := range map[string]struct {
		refused bool
		want    string
	}{
		"\ufeffYour parcel has shipped.\r\n": {true, `sms_text, "\ufeffYo"…, holds a byte order mark (U+FEFF) at its start ` +
			`(kept by file() from a file saved as "UTF-8 with BOM"?): the platform would send it as written, unseen, in every message, ` +
			`where it counts in the message's length and some phones show it as a box or a question mark. Nothing is sent while the text begins or ends with one. ` +
			`Remove it (for a value read with file(): trimprefix(file("…"), "\ufeff"), or save the file as UTF-8 without BOM; else replace(…, "\ufeff", "")).`},
		"Your parcel has shipped.\u200b": {true, `holds a zero-width space (U+200B) at its end (pasted with the text, from a web page or a chat?)`},
		// file() keeps the final line break: the character before it ends the text as shown.
		"Your parcel has shipped.\u200b\n": {true, `sms_text, …"d.\u200b\n", holds a zero-width space (U+200B) at its end`},
		// Of a text quoted, only the edge the character is at: the text
		// may hold a one-time code, and come from a sensitive variable.
		"Your login code is 482913\u200b": {true, `sms_text, …"13\u200b", holds a zero-width space (U+200B) at its end`},
		"Your parcel\u200b has shipped.":  {false, `sms_text holds a zero-width space (U+200B): the platform sends it as written`},
		"Your parcel has shipped 📦.\n":    {false, ""},
	} {
		b, err := json.Marshal(map[string]any{"mobiles": []string{"13800000001"}, "sms_text": text, "sign_text": "Acme"})
		if err != nil {
			t.Fatal(err)
		}
		vr, err := srv.ValidateActionConfig(t.Context(), &tfprotov6.ValidateActionConfigRequest{ActionType: "contactcenter_gateway_sms_send", Config: &tfprotov6.DynamicValue{JSON: b}})
		if err != nil {
			t.Fatal(err)
		}
		got := acctest.ActionResult{Diagnostics: vr.Diagnostics}
		switch {
		case got.HasError() != tc.refused:
			t.Errorf("%q: refused %v, want %v:\n%s", text, got.HasError(), tc.refused, got.Text())
		case tc.want == "" && len(vr.Diagnostics) != 0:
			t.Errorf("%q: %s, want nothing", text, got.Text())
		case tc.want != "" && (len(vr.Diagnostics) != 1 || vr.Diagnostics[0].Summary != "Invisible Character in Message Text" || !strings.Contains(vr.Diagnostics[0].Detail, tc.want)):
			t.Errorf("%q: %s, want %q", text, got.Text(), tc.want)
		}
	}
}

// A free text known only at invoke (from another resource) that begins or
// ends with an invisible character was sent without a word: the check's
// warning is not shown at invoke (framework.Revalidate keeps errors). It is
// refused now, at invoke, and nothing is sent; unknown at plan, it passes.
func TestGatewaySMSSendAction_invisibleEdgeAtInvoke(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	for _, text := range []string{"\ufeffYour parcel has shipped.", "Your parcel has shipped.\u200b", "Your parcel has shipped.\u200b\r\n"} {
		config := map[string]any{"mobiles": []string{"13800000001"}, "sms_text": text, "sign_text": "Acme"}
		if res := acctest.PlanOnlyUnknown(t, srv, "contactcenter_gateway_sms_send", config, tftypes.NewAttributePath().WithAttributeName("sms_text")); len(res.Diagnostics) != 0 {
			t.Errorf("%q unknown at plan: %s, want nothing", text, res.Text())
		}
		res := acctest.InvokeOnly(t, srv, "contactcenter_gateway_sms_send", config)
		if !res.HasError() || !strings.Contains(res.Text(), "Invisible Character in Message Text") || !strings.Contains(res.Text(), "Nothing is sent while the text begins or ends with one") {
			t.Errorf("%q at invoke: %s, want the error", text, res.Text())
		}
	}
	if n := sends(env, "send_sms"); n != 0 {
		t.Errorf("send_sms called %d times: nothing may be sent", n)
	}
}

// TestGatewaySMSSend_requestWideInDoubt: a request answered HTTP 5xx with a
// code every request would get (here the signature's) is in doubt, and the
// send stops there as for any such code: the numbers of the requests after
// it were never sent and are said so. They were left out, and the error
// said "Numbers not listed here were accepted" of them.
func TestGatewaySMSSend_requestWideInDoubt(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	gw, calls := gatewayRefusingThird(t, http.StatusBadGateway)
	srv := env.ActionServerWith(t, map[string]any{"smsapi_url": gw.URL + "/smsapi", "max_retries": 0})
	res := acctest.RunAction(t, srv, "contactcenter_gateway_sms_send", map[string]any{"mobiles": numbers(1000), "sms_text": "hi", "sign_text": "Acme"})
	text := res.Text()
	for _, want := range []string{"400 of 1000 numbers were not sent and 200 may or may not have been sent (400 were accepted):",
		"request 3 of 5 (send_sms) failed: code 1018",
		"Requests 4 to 5 were not sent: request 3's error is one every request would get (400 numbers, mobiles[600] to mobiles[999]):\n13900000601, 13900000602, 13900000603, 13900000604, 13900000605 and 395 more"} {
		if !res.HasError() || !strings.Contains(text, want) {
			t.Errorf("diagnostic lacks %q:\n%.3000s", want, text)
		}
	}
	if n := calls(); n != 3 {
		t.Errorf("the gateway was called %d times, want 3", n)
	}
}

// gatewayRefusingThird is a gateway that accepts every number of a send
// but answers the third request code 1018 (signature does not exist: a
// code every request would get) with HTTP status; calls counts requests.
func gatewayRefusingThird(t *testing.T, status int) (gw *httptest.Server, calls func() int) {
	var mu sync.Mutex
	n := 0
	gw = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Mobiles []string `json:"mobiles"`
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		mu.Lock()
		n++
		k := n
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if k == 3 {
			w.WriteHeader(status)
			_ = json.NewEncoder(w).Encode(map[string]any{"code": 1018, "msg": "signature does not exist"})
			return
		}
		items := []map[string]any{}
		for _, m := range body.Mobiles {
			items = append(items, map[string]any{"mobile": m, "smsId": "s" + m, "smsFee": 1})
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "msg": "ok", "data": items})
	}))
	t.Cleanup(gw.Close)
	return gw, func() int { mu.Lock(); defer mu.Unlock(); return n }
}
