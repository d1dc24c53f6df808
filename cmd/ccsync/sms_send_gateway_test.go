package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

const demoRecipients = "../../examples/spreadsheets/recipients.xlsx"

// demoRecipientsCopy copies the demo recipient list into a folder of the
// test's own, for a send run without --journal: its journal goes beside
// the workbook, and a regression that let such a run send would leave one
// in examples/spreadsheets.
func demoRecipientsCopy(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(demoRecipients)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "recipients.xlsx")
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// gatewaySendEnv is a simulator (its state in a file, to read the sent
// messages back) with an approved signature and an approved template
// taking the demo recipients' variables, name and date.
type gatewaySendEnv struct {
	sim   *simulator.Server
	state string
	url   string
	tpl   string
	sign  string // the approved signature's id
	// onSend, when set, runs before the simulator answers a gateway send;
	// it may set faults for that one send.
	mu     sync.Mutex
	onSend func(n int)
	sends  int
}

const gatewayTestTemplate = "Dear ${name}, your appointment is on ${date}. Reply STOP to opt out."

func newGatewaySendEnv(t *testing.T) *gatewaySendEnv {
	t.Helper()
	return newGatewaySendEnvAt(t, func(h http.Handler) string {
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		return srv.URL
	})
}

// newBubbleGatewaySendEnv is newGatewaySendEnv whose simulator answers in
// process (inProcessEndpoint), for a test in a synctest bubble. Call it
// inside the bubble.
func newBubbleGatewaySendEnv(t *testing.T) *gatewaySendEnv {
	t.Helper()
	return newGatewaySendEnvAt(t, func(h http.Handler) string { return inProcessEndpoint(t, h) })
}

// newGatewaySendEnvAt is a gatewaySendEnv whose simulator serve makes
// reachable at the origin it returns.
func newGatewaySendEnvAt(t *testing.T, serve func(http.Handler) string) *gatewaySendEnv {
	t.Helper()
	e := &gatewaySendEnv{state: filepath.Join(t.TempDir(), "sim.json")}
	sim, err := simulator.New(simulator.Options{StatePath: e.state})
	if err != nil {
		t.Fatal(err)
	}
	e.sim = sim
	t.Cleanup(sim.Wait) // after serve's cleanup, which ends the requests
	e.url = serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/smsapi/sms/v1/send_") {
			e.mu.Lock()
			e.sends++
			n, hook := e.sends, e.onSend
			e.mu.Unlock()
			if hook != nil {
				hook(n)
			}
		}
		sim.ServeHTTP(w, r)
	}))
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(e.url), AppID: "sim-app", AppKey: "sim-key",
		HTTPClient: &http.Client{Transport: inProcessTransport(e.url)}}) // nil: the network
	if err != nil {
		t.Fatal(err)
	}
	sid, err := c.Gateway.AddSignature(t.Context(), client.GatewaySignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	e.sign = strconv.FormatInt(sid, 10)
	if err := sim.Review("gateway_signature", e.sign, 1, ""); err != nil {
		t.Fatal(err)
	}
	tid, err := c.Gateway.AddTemplate(t.Context(), client.GatewayTemplateInput{TplText: gatewayTestTemplate, TplType: 2, TplTitle: "appointment", SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Review("gateway_template", strconv.FormatInt(tid, 10), 1, ""); err != nil {
		t.Fatal(err)
	}
	e.tpl = strconv.FormatInt(tid, 10)
	return e
}

// faults sets the simulator's faults through its admin API.
func (e *gatewaySendEnv) faults(t *testing.T, body string) {
	t.Helper()
	rec := httptest.NewRecorder()
	e.sim.ServeHTTP(rec, httptest.NewRequestWithContext(t.Context(), "POST", "/_sim/faults", strings.NewReader(body)))
	if rec.Code != 200 {
		t.Fatalf("faults %s: %d %s", body, rec.Code, rec.Body)
	}
}

func (e *gatewaySendEnv) send(args ...string) (int, string, string) {
	return runSMSCmd(append(append([]string{"send"}, args...), "--template", e.tpl, "--via", "gateway",
		"--endpoint", e.url, "--access-token", "sim-token", "--app-id", "sim-app", "--app-key", "sim-key")...)
}

func (e *gatewaySendEnv) gatewaySends() int {
	st := e.sim.Stats()
	return st["POST /smsapi/sms/v1/send_batch"] + st["POST /smsapi/sms/v1/send_file"] + st["POST /smsapi/sms/v1/send_single"] + st["POST /smsapi/sms/v1/send_sms"]
}

// messages returns, per mobile, the messages the simulator recorded (read
// from its state file).
func (e *gatewaySendEnv) messages(t *testing.T) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(e.state)
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Gateway struct {
			Messages map[string]struct {
				Mobile  string `json:"mobile"`
				Content string `json:"content"`
				SmsExt  string `json:"smsExt"`
			} `json:"messages"`
		} `json:"gateway"`
	}
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, m := range st.Gateway.Messages {
		out[m.Mobile] = append(out[m.Mobile], m.Content)
	}
	return out
}

// TestSMSSend_gatewayPerRecipientParamsOneRequest: 24 recipients, each
// with their own variables, go out in one send_file request (issue 12),
// each with their own text.
func TestSMSSend_gatewayPerRecipientParamsOneRequest(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	journal := filepath.Join(t.TempDir(), "j")
	code, o, errOut := e.send(demoRecipients, "--journal", journal, "--output", "json")
	var res struct {
		Counts map[string]int `json:"counts"`
	}
	if err := json.Unmarshal([]byte(o), &res); err != nil || code != 0 || res.Counts["sent"] != 24 || res.Counts["duplicate"] != 1 {
		t.Fatalf("send: %d %v\n%s\n%s", code, err, o, errOut)
	}
	if n := e.gatewaySends(); n != 1 {
		t.Errorf("gateway send requests = %d, want 1 (stats %v)", n, e.sim.Stats())
	}
	msgs := e.messages(t)
	if len(msgs) != 24 {
		t.Fatalf("%d numbers got a message, want 24", len(msgs))
	}
	texts := map[string]bool{}
	for m, cs := range msgs {
		if len(cs) != 1 || !strings.HasPrefix(cs[0], "【Acme】Dear ") || strings.Contains(cs[0], "${") {
			t.Errorf("%s: %q", m, cs)
		}
		texts[cs[0]] = true
	}
	if len(texts) < 2 {
		t.Errorf("every recipient got the same text: %v", texts)
	}
	// The re-run sends nothing.
	code, o, _ = e.send(demoRecipients, "--journal", journal)
	if code != 0 || !strings.Contains(o, "24 already sent") || e.gatewaySends() != 1 {
		t.Errorf("re-run: %d %s; sends %d", code, o, e.gatewaySends())
	}
}

// TestSMSSend_gatewayContentTooLong: a recipient whose variables fill the
// template past the gateway's 400 characters is bad input: the sheet cell,
// the limit and the length are named, nothing is sent, exit 2 (issue 13).
func TestSMSSend_gatewayContentTooLong(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	path := filepath.Join(t.TempDir(), "r.xlsx")
	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Recipients")
	long := strings.Repeat("名", 350)
	_ = f.SetSheetRow("Recipients", "A1", &[]any{"mobile", "name", "date"})
	_ = f.SetSheetRow("Recipients", "A2", &[]any{"13800138001", "Ann", "2026-12-01"})
	_ = f.SetSheetRow("Recipients", "A3", &[]any{"13800138002", long, "2026-12-01"})
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	want := len([]rune(strings.NewReplacer("${name}", long, "${date}", "2026-12-01").Replace(gatewayTestTemplate)))
	for _, dry := range []bool{true, false} {
		args := []string{path, "--journal", filepath.Join(t.TempDir(), "j")}
		if dry {
			args = append(args, "--dry-run")
		}
		code, o, errOut := e.send(args...)
		if code != 2 {
			t.Errorf("dry %v: exit %d, want 2\n%s\n%s", dry, code, o, errOut)
		}
		for _, s := range []string{"Recipients!B3: name", "row 3", strconv.Itoa(want) + " characters", "at most 400"} {
			if !strings.Contains(errOut, s) {
				t.Errorf("dry %v: stderr lacks %q:\n%s", dry, s, errOut)
			}
		}
		if strings.Contains(errOut, "Recipients!B2") {
			t.Errorf("the short row is blamed:\n%s", errOut)
		}
	}
	if n := e.gatewaySends(); n != 0 {
		t.Errorf("%d send requests, want none", n)
	}
}

// TestSMSSend_gatewayLostAnswersSettledFromDeliveryReports: the gateway
// accepted a send whose answer was lost (lost_rate 1), and a second send
// never reached it (drop_rate 1: closed before acting). The re-run with
// --resend-unknown settles the first batch's numbers from the delivery
// reports of the run's smsExt and resends only the second batch: every
// number gets exactly one message (issue 13).
func TestSMSSend_gatewayLostAnswersSettledFromDeliveryReports(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	journal := filepath.Join(t.TempDir(), "j")
	e.onSend = func(n int) {
		switch n {
		case 1:
			e.faults(t, `{"lost_rate":1}`)
		case 2:
			e.faults(t, `{"drop_rate":1}`)
		default:
			e.faults(t, `{}`)
		}
	}
	code, o, errOut := e.send(demoRecipients, "--journal", journal, "--batch-size", "12")
	if code != 1 || !strings.Contains(o, "24 unknown") {
		t.Fatalf("faulty run: exit %d\n%s\n%s", code, o, errOut)
	}
	if got := len(e.messages(t)); got != 12 {
		t.Fatalf("after the faulty run %d numbers got a message, want 12 (the lost answer's batch)", got)
	}
	e.faults(t, `{}`)
	e.mu.Lock()
	e.onSend = nil
	e.mu.Unlock()

	// Without --resend-unknown: the first batch is settled as sent, the
	// second stays unknown (the gateway has no record of it).
	code, o, _ = e.send(demoRecipients, "--journal", journal, "--batch-size", "12")
	if code != 1 || !strings.Contains(o, "12 already sent") || !strings.Contains(o, "12 unknown") {
		t.Fatalf("re-run: exit %d\n%s", code, o)
	}
	if !strings.Contains(o, "delivery reports") {
		t.Errorf("unknown rows do not say where the gateway was asked:\n%s", o)
	}
	before := e.gatewaySends()
	code, o, errOut = e.send(demoRecipients, "--journal", journal, "--batch-size", "12", "--resend-unknown")
	if code != 0 || !strings.Contains(o, "12 sent, 12 already sent") {
		t.Fatalf("resend-unknown: exit %d\n%s\n%s", code, o, errOut)
	}
	if n := e.gatewaySends() - before; n != 1 {
		t.Errorf("resend-unknown made %d send requests, want 1", n)
	}
	msgs := e.messages(t)
	if len(msgs) != 24 {
		t.Errorf("%d numbers got a message, want 24 (nobody missed)", len(msgs))
	}
	for m, cs := range msgs {
		if len(cs) != 1 {
			t.Errorf("%s got %d messages, want 1 (nobody twice)", m, len(cs))
		}
	}
	// The journal names each run's smsExt and keeps the delivery records it
	// took off the gateway's queue.
	b, _ := os.ReadFile(journal)
	if !strings.Contains(string(b), `"tag":"`) || !strings.Contains(string(b), `"type":"reports"`) {
		t.Errorf("journal lacks the run tag or the pulled reports:\n%s", b)
	}
}

// TestSMSSend_gatewaySettlingSaysWhereOtherReportsWent: settling a lost
// answer drains down_status, which also holds the reports of another send
// (smsExt "other-run"); the run says how many of those it took off the
// queue and names the journal that now keeps them.
func TestSMSSend_gatewaySettlingSaysWhereOtherReportsWent(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	journal := filepath.Join(t.TempDir(), "j")
	e.onSend = func(n int) {
		switch n {
		case 1:
			e.faults(t, `{"lost_rate":1}`)
		case 2:
			e.faults(t, `{"drop_rate":1}`)
		default:
			e.faults(t, `{}`)
		}
	}
	if code, o, errOut := e.send(demoRecipients, "--journal", journal, "--batch-size", "12"); code != 1 || !strings.Contains(o, "24 unknown") {
		t.Fatalf("faulty run: exit %d\n%s\n%s", code, o, errOut)
	}
	e.faults(t, `{}`)
	e.mu.Lock()
	e.onSend = nil
	e.mu.Unlock()
	// Another send (not this journal's) leaves 2 reports on the queue.
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(e.url), AppID: "sim-app", AppKey: "sim-key"})
	if err != nil {
		t.Fatal(err)
	}
	tpl, _ := strconv.ParseInt(e.tpl, 10, 64)
	if _, err := c.Gateway.SendBatch(t.Context(), client.GatewayBatch{Mobiles: []string{"13900000001", "13900000002"}, TplID: tpl,
		SmsParams: []string{"Ann", "2026-12-01"}, SignText: "Acme", SmsExt: "other-run"}); err != nil {
		t.Fatal(err)
	}
	code, o, errOut := e.send(demoRecipients, "--journal", journal, "--batch-size", "12")
	want := "Took 14 delivery reports off the gateway's queue (down_status) to settle numbers in doubt; 2 of them are of other sends (not this journal's) and are now kept only in the journal " +
		journal + ` (its "reports" lines): the queue does not hand them out again (ccsync sms status pull will not return them).`
	if code != 1 || !strings.Contains(o, want+"\n") {
		t.Errorf("re-run: exit %d, stdout lacks\n%s\n%s\n%s", code, want, o, errOut)
	}
	b, _ := os.ReadFile(journal)
	if !strings.Contains(string(b), `"tag":"other-run"`) {
		t.Errorf("the other send's reports are not in the journal:\n%s", b)
	}
}

// TestSMSSend_gatewayNeedsNoAccessToken: a send through the gateway talks to
// the gateway alone, so it needs its URL and the app credentials, as ccsync
// sms status does, not the open interface's bearer token: a team given only
// the gateway's appId and key was refused with "no access token" (exit 2).
func TestSMSSend_gatewayNeedsNoAccessToken(t *testing.T) {
	t.Setenv("CONTACTCENTER_ACCESS_TOKEN", "")
	e := newGatewaySendEnv(t)
	journal := filepath.Join(t.TempDir(), "j")
	for _, conn := range [][]string{
		{"--smsapi-url", e.url + "/smsapi"},
		{"--endpoint", e.url},
	} {
		args := append([]string{"send", demoRecipients, "--journal", journal, "--template", e.tpl, "--via", "gateway",
			"--app-id", "sim-app", "--app-key", "sim-key"}, conn...)
		code, o, errOut := runSMSCmd(args...)
		if code != 0 || strings.Contains(errOut, "access token") {
			t.Fatalf("%v: exit %d\n%s\n%s", conn, code, o, errOut)
		}
	}
	if n := len(e.messages(t)); n != 24 {
		t.Errorf("%d numbers got a message, want 24", n)
	}
}
