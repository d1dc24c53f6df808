package main

import (
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestSMSSend_templateNotApprovedSaysWhy: a send with a template the review
// rejected said "template 3006 is not approved (state 2)": no name, no
// review reason, nothing to do. It names the template, its state and the
// reason, says nothing was sent and what to do, as the sms_send action does.
func TestSMSSend_templateNotApprovedSaysWhy(t *testing.T) {
	t.Parallel()
	sim := newSim(t)
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	review := func(kind string, id int64, state int, reason string) {
		t.Helper()
		rec := httptest.NewRecorder()
		body := fmt.Sprintf(`{"kind": %q, "id": "%d", "state": %d, "reason": %q}`, kind, id, state, reason)
		sim.ServeHTTP(rec, httptest.NewRequestWithContext(t.Context(), "POST", "/_sim/review", strings.NewReader(body)))
		if rec.Code != 200 {
			t.Fatalf("review: %d %s", rec.Code, rec.Body)
		}
	}
	sg, err := c.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	review("sms_signature", int64(sg.ID), 1, "")
	tpl, err := c.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: "Act tpl", TemplateContents: "Hello ${name}, see you on ${date}", SignID: int64(sg.ID)})
	if err != nil {
		t.Fatal(err)
	}
	review("sms_template", int64(tpl.ID), 2, "bad wording")
	id := fmt.Sprint(int64(tpl.ID))
	code, _, e := runCLI("sms", "send", demoRecipients, "--template", id, "--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", srv.URL, "--access-token", "sim-token")
	want := fmt.Sprintf(`template %s ("Act tpl") is rejected (state 2); only approved templates can send, and nothing was sent. Review reason: bad wording. `+
		"Change it as the review asks (a change submits it for review again); once it is approved, run the command again", id)
	if code != 2 || !strings.Contains(e, want) {
		t.Errorf("exit %d, want 2 and %q:\n%s", code, want, e)
	}
}
