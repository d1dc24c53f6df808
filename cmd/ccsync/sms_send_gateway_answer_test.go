package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/xuri/excelize/v2"
)

// answerRewriter serves e.sim through a server whose send_batch answers
// are rewritten by edit (the items of data, §4.8 send result items).
func (e *gatewaySendEnv) answerRewriter(t *testing.T, edit func([]map[string]any) []map[string]any) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/sms/v1/send_batch") {
			e.sim.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		e.sim.ServeHTTP(rec, r)
		var ans map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
			t.Errorf("send_batch answer: %v", err)
		}
		var items []map[string]any
		b, _ := json.Marshal(ans["data"])
		_ = json.Unmarshal(b, &items)
		ans["data"] = edit(items)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(ans)
	}))
	t.Cleanup(srv.Close)
	e.url = srv.URL
}

// sharedValuesBook writes n recipients sharing their values, which ccsync
// sends through send_batch.
func sharedValuesBook(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "r.xlsx")
	f := excelize.NewFile()
	_ = f.SetSheetRow("Sheet1", "A1", &[]any{"mobile", "name", "date"})
	for i := range n {
		_ = f.SetSheetRow("Sheet1", "A"+string(rune('2'+i)), &[]any{"1380013800" + string(rune('1'+i)), "customer", "2026-12-01"})
	}
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSMSSend_gatewayAnswerWithCountryPrefix: a gateway whose send_batch
// answer writes each number with 86 before it (§4.8 accepts +86 and 86)
// accepted every number. ccsync matched the answer's numbers as written:
// every row was reported "failed: the platform's answer does not mention
// this number", the summary said the failed rows were not sent, and the
// next run sent every number a second time.
func TestSMSSend_gatewayAnswerWithCountryPrefix(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	e.answerRewriter(t, func(items []map[string]any) []map[string]any {
		for _, it := range items {
			it["mobile"] = "86" + it["mobile"].(string)
		}
		return items
	})
	book, journal := sharedValuesBook(t, 3), filepath.Join(t.TempDir(), "j")
	code, o, errOut := e.send(book, "--journal", journal)
	if code != 0 || !strings.Contains(o, "3 sent, 0 already sent, 0 duplicates, 0 failed, 0 unknown") || strings.Contains(o, "does not mention") {
		t.Fatalf("send: exit %d, want 0 with the 3 numbers sent\n%s\n%s", code, o, errOut)
	}
	code, o, _ = e.send(book, "--journal", journal)
	if code != 0 || !strings.Contains(o, "0 sent, 3 already sent") {
		t.Errorf("re-run: exit %d, want 0 with the 3 numbers already sent\n%s", code, o)
	}
	for m, cs := range e.messages(t) {
		if len(cs) != 1 {
			t.Errorf("%s got %d messages, want 1", m, len(cs))
		}
	}
}

// TestSMSSend_gatewayAnswerLeavesANumberOut: a successful send_batch whose
// answer does not list one of the numbers may have sent it (the
// contactcenter_gateway_sms_send action counts it as outcome unknown). It
// was reported failed ("not sent") and the next run sent it again; it is
// now in doubt, and the next run settles it from the delivery reports
// without sending it again.
func TestSMSSend_gatewayAnswerLeavesANumberOut(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	e.answerRewriter(t, func(items []map[string]any) []map[string]any { return items[1:] })
	book, journal := sharedValuesBook(t, 3), filepath.Join(t.TempDir(), "j")
	code, o, errOut := e.send(book, "--journal", journal)
	if code != 1 || !strings.Contains(o, "2 sent, 0 already sent, 0 duplicates, 0 failed, 1 unknown") ||
		!strings.Contains(errOut, "batch 1/1 sent: 2 of 3 numbers accepted, 1 in doubt (the answer does not list it, but the platform may have sent it;") ||
		!strings.Contains(o, "13800138001: unknown: the gateway accepted the batch, but its answer does not list this number, so it may have been sent") {
		t.Fatalf("send: exit %d, want 1 with 2 sent and 13800138001 unknown\n%s\n%s", code, o, errOut)
	}
	code, o, _ = e.send(book, "--journal", journal)
	if code != 0 || !strings.Contains(o, "0 sent, 3 already sent") {
		t.Errorf("re-run: exit %d, want 0 with the number in doubt settled from its delivery report\n%s", code, o)
	}
	if n := e.gatewaySends(); n != 1 {
		t.Errorf("gateway send requests = %d, want 1", n)
	}
	for m, cs := range e.messages(t) {
		if len(cs) != 1 {
			t.Errorf("%s got %d messages, want 1", m, len(cs))
		}
	}
}

// TestSMSSend_gatewayServerErrorSaysWhatItWas: a send_batch answered HTTP
// 503 with no envelope stays in doubt (the spec gives the gateway's errors
// as envelope codes, §7.4, and no HTTP statuses: a 503 does not say
// whether the batch was sent), but it was told as "answer lost", and the
// next run's rows as "in doubt after an interruption". Both now say it
// was a server error that does not say whether it was sent, and the next
// run, with no delivery report, leaves it unknown until --resend-unknown.
func TestSMSSend_gatewayServerErrorSaysWhatItWas(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	var failed atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/sms/v1/send_batch") && !failed.Swap(true) {
			http.Error(w, "service unavailable", http.StatusServiceUnavailable)
			return
		}
		e.sim.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	e.url = srv.URL
	book, journal := sharedValuesBook(t, 3), filepath.Join(t.TempDir(), "j")
	code, o, errOut := e.send(book, "--journal", journal)
	const reason = "POST /smsapi/sms/v1/send_batch: HTTP 503: service unavailable"
	if want := "batch 1/1 answered with a server error that does not say whether it was sent, in doubt (3 numbers; the platform may have sent it; "; code != 1 ||
		!strings.Contains(errOut, want) || strings.Contains(errOut, "answer lost") ||
		!strings.Contains(o, "Sheet1 rows 2-4 (3 rows): unknown: the send was answered with a server error, which does not say whether it was sent ("+reason+"); run again to reconcile: ") {
		t.Fatalf("first run: exit %d, want 1 with the batch said answered with a server error\n%s\n%s", code, o, errOut)
	}
	code, o, errOut = e.send(book, "--journal", journal)
	want := "Sheet1 rows 2-4 (3 rows): unknown: in doubt after a server error answer to the send, which does not say whether it was sent (" + reason + "): " +
		"the gateway's delivery reports pulled now have no record of it"
	if code != 1 || !strings.Contains(o, want) || strings.Contains(o, "interruption") {
		t.Errorf("second run: exit %d, want 1 and %q\n%s\n%s", code, want, o, errOut)
	}
	if n := e.gatewaySends(); n != 0 {
		t.Errorf("gateway sends carried out = %d, want 0 (the 503 sent nothing, and nothing is sent again without --resend-unknown)", n)
	}
}
