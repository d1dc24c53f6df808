package main

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestSMSSend_platformFailureAtTheTemplateLookupExit1: sms send exited 2,
// "bad input or usage", when the platform itself failed while it looked
// the template up: a token refused (HTTP 401), a platform system error
// (code 500 in an HTTP 200 answer), a gateway key refused (gateway code
// 1001), for which agents plan and export terraform exit 1. It exits 1
// for them too; a template that does not exist is still bad input, 2. In
// text and with --output json ({"error": ...}).
func TestSMSSend_platformFailureAtTheTemplateLookupExit1(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		faults string // posted to /_sim/faults first
		args   []string
		code   int
		want   string
		// other is a command of the other kind that fails the same way
		// and exits 1 for it, for comparison.
		other []string
	}{
		"token refused": {args: []string{"--template", "1", "--access-token", "nottherighttoken"}, code: 1,
			want: "read template 1: POST /open/sms/template/list: code 401", other: []string{"agents", "plan", demoRoster, "--access-token", "nottherighttoken"}},
		"system error": {faults: `{"force": [{"method": "POST", "path": "/open/sms/template/list", "code": 500, "count": 10}]}`,
			args: []string{"--template", "1", "--access-token", "sim-token", "--max-retries", "0"}, code: 1, want: "read template 1: POST /open/sms/template/list: code 500"},
		"gateway key refused": {args: []string{"--template", "1", "--via", "gateway", "--access-token", "sim-token", "--sms-app-id", "sim-app", "--sms-app-key", "wrong"}, code: 1,
			want: "read template 1: POST /smsapi/tpl/v1/get_template: code 1001: signature check failed", other: []string{"export", "terraform", "TF", "--kinds", "gateway_sms_templates", "--access-token", "sim-token", "--sms-app-id", "sim-app", "--sms-app-key", "wrong"}},
		"template does not exist": {args: []string{"--template", "999", "--access-token", "sim-token"}, code: 2, want: "--template 999"},
		"gateway template does not exist": {args: []string{"--template", "999", "--via", "gateway", "--access-token", "sim-token", "--sms-app-id", "sim-app", "--sms-app-key", "sim-key"},
			code: 2, want: "--template 999"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sim := newSim(t)
			srv := httptest.NewServer(sim)
			t.Cleanup(srv.Close)
			if tc.faults != "" {
				rec := httptest.NewRecorder()
				sim.ServeHTTP(rec, httptest.NewRequestWithContext(t.Context(), "POST", "/_sim/faults", strings.NewReader(tc.faults)))
				if rec.Code != 200 {
					t.Fatalf("faults: %d %s", rec.Code, rec.Body)
				}
			}
			for _, out := range []string{"text", "json"} {
				args := append([]string{"sms", "send", demoRecipients, "--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", srv.URL, "--output", out}, tc.args...)
				code, o, e := runCLI(args...)
				if code != tc.code || !strings.Contains(e, tc.want) {
					t.Errorf("--output %s: exit %d, want %d and %q:\n%s", out, code, tc.code, tc.want, e)
				}
				if out == "json" {
					assertJSONError(t, o, tc.want)
				}
			}
			if tc.other != nil {
				other := append([]string{}, tc.other...)
				for i, a := range other {
					if a == "TF" {
						other[i] = filepath.Join(t.TempDir(), "tf")
					}
				}
				if code, _, e := runCLI(append(other, "--endpoint", srv.URL)...); code != 1 {
					t.Errorf("%s %s: exit %d, want 1 (as sms send):\n%s", other[0], other[1], code, e)
				}
			}
		})
	}
}

// failingContent is a sender whose template text cannot be read: the
// platform refuses the call.
type failingContent struct {
	*importertest.Sender
	err error
}

func (s *failingContent) TemplateContent(context.Context, string) (string, int, error) {
	return "", 0, s.err
}

// TestSMSSend_platformFailureBeforeTheFirstBatchExit1: a platform failure
// that stopped the run inside the send, before the first batch (here the
// template's text read to check each message's length), exited 2, "bad
// input or usage"; it exits 1 as it does at the template lookup. The
// input's own faults there stay 2 (TestSMSSend_gatewayContentTooLong).
func TestSMSSend_platformFailureBeforeTheFirstBatchExit1(t *testing.T) {
	t.Parallel()
	s := &failingContent{Sender: importertest.NewSender(),
		err: &client.APIError{Surface: client.SurfaceSMSAPI, Method: "POST", Path: "/tpl/v1/get_template", HTTPStatus: 200, Code: client.GatewayOtherError, Message: "other error"}}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	for _, out := range []string{"text", "json"} {
		code, o, e := runSMSCmd("send", demoRecipients, "--template", "7", "--journal", filepath.Join(t.TempDir(), "j"), "--output", out, "--endpoint", ep, "--access-token", "t")
		if code != exitFailures || !strings.Contains(e, "code 1008") {
			t.Errorf("--output %s: exit %d, want 1 and code 1008:\n%s\n%s", out, code, o, e)
		}
		if out == "json" {
			assertJSONError(t, o, "code 1008")
		}
	}
	if s.Batches != 0 {
		t.Errorf("%d batches sent", s.Batches)
	}
}

// TestSMSSend_badJournalPathExit2: a journal in a folder that does not
// exist, or a folder given as the journal, is the user's input (exit 2):
// a file's error satisfies net.Error, and was taken for the platform's
// silence (exit 1: a script retried a typo).
func TestSMSSend_badJournalPathExit2(t *testing.T) {
	t.Parallel()
	ep := fakeEndpoint(t, importer.Backend{Open: importertest.NewSender()})
	for name, journal := range map[string]string{"missing folder": filepath.Join(t.TempDir(), "nodir", "j"), "a folder": t.TempDir()} {
		code, _, e := runSMSCmd("send", demoRecipients, "--template", "7", "--journal", journal, "--endpoint", ep, "--access-token", "t")
		if code != 2 || !strings.Contains(e, journal) {
			t.Errorf("%s: exit %d, want 2 naming the journal:\n%s", name, code, e)
		}
	}
}
