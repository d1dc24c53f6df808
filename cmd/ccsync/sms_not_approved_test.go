package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// TestSMSSend_templateNotApprovedSaysWhy: a send with a template the review
// rejected said "template 3006 is not approved (state 2)": no name, no
// review reason, nothing to do. It names the template, its state and the
// reason, says nothing was sent and what to do, as the sms_send action does.
func TestSMSSend_templateNotApprovedSaysWhy(t *testing.T) {
	t.Parallel()
	sim, url := newSimServer(t)
	id := smsTemplate(t, sim, url, 2, "bad wording")
	code, _, e := runCLI("sms", "send", demoRecipients, "--template", id, "--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", url, "--access-token", "sim-token")
	want := fmt.Sprintf(`template %s ("Act tpl") is rejected (state 2); only approved templates can send, and nothing was sent. Review reason: bad wording. `+
		"Change it as the review asks (a change submits it for review again); once it is approved, run the command again", id)
	if code != 2 || !strings.Contains(e, want) {
		t.Errorf("exit %d, want 2 and %q:\n%s", code, want, e)
	}
}

// newSimServer is a simulator served on a loopback port.
func newSimServer(t *testing.T) (*simulator.Server, string) {
	t.Helper()
	sim := newSim(t)
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	return sim, srv.URL
}

// postFaults posts a /_sim/faults configuration to the simulator at
// origin.
func postFaults(t *testing.T, origin, body string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, origin+"/_sim/faults", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("faults %s: HTTP %d", body, resp.StatusCode)
	}
}

// smsTemplate makes an approved signature and a template with the
// variables of the demo recipient list, reviewed to state with reason,
// and returns the template's id.
func smsTemplate(t *testing.T, sim *simulator.Server, url string, state int, reason string) string {
	t.Helper()
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(url), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Review("sms_signature", fmt.Sprint(int64(sg.ID)), 1, ""); err != nil {
		t.Fatal(err)
	}
	tpl, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Act tpl", TemplateContents: "Hello ${name}, see you on ${date}", SignID: int64(sg.ID)})
	if err != nil {
		t.Fatal(err)
	}
	id := fmt.Sprint(int64(tpl.ID))
	if err := sim.Review("sms_template", id, state, reason); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestSMSSend_batchRefusedSaysItOnce: a batch refused as a whole (the
// platform's 403 to sms/send) wrote its reason once per row, 24 lines of
// one message, and said nothing of what to do. The rows are one line, and
// the run says a second run sends them.
func TestSMSSend_batchRefusedSaysItOnce(t *testing.T) {
	t.Parallel()
	sim, url := newSimServer(t)
	id := smsTemplate(t, sim, url, 1, "")
	postFaults(t, url, `{"force": [{"method": "POST", "path": "/open/sms/send", "code": 403, "count": 1}]}`)
	journal := filepath.Join(t.TempDir(), "j")
	code, o, e := runCLI("sms", "send", demoRecipients, "--template", id, "--journal", journal, "--endpoint", url, "--access-token", "sim-token")
	var failedLines []string
	for _, l := range strings.Split(o, "\n") {
		if strings.Contains(l, ": failed: ") {
			failedLines = append(failedLines, l)
		}
	}
	if code != 1 || len(failedLines) != 1 || !strings.HasPrefix(failedLines[0], "Recipients rows 2-") || !strings.Contains(failedLines[0], "(24 rows): failed: ") ||
		!strings.Contains(o, "The failed rows were not sent: fix what their message says and run again; the journal "+journal+" sends only those not sent yet.") {
		t.Fatalf("exit %d, want 1, one line for the refused rows and what to do:\n%s\n%s", code, o, e)
	}
	if code, o, _ := runCLI("sms", "send", demoRecipients, "--template", id, "--journal", journal, "--endpoint", url, "--access-token", "sim-token"); code != 0 || !strings.Contains(o, "24 sent") {
		t.Errorf("second run: exit %d:\n%s", code, o)
	}
}
