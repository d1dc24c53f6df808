package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
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
