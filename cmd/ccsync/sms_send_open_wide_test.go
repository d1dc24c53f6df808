package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// openSends is how many /sms/send requests the simulator answered.
func openSends(sim interface{ Stats() map[string]int }) int {
	return sim.Stats()["POST /open/sms/send"]
}

// TestSMSSend_openRefusalEveryBatchWouldGetStops: 2,000 recipients in 10
// batches through the open interface, the template no longer approved when
// the batches go (the platform's 403 to sms/send, which every batch would
// get). ccsync sent all 10 batches and wrote 10 lines of the same refusal.
// It stops after the first, as --via gateway does: one request, one line
// for the refusal and one for the 1,800 numbers not sent, "not sent" in the
// report and a "notsent" journal record; a rerun once the template sends
// sends each number exactly once.
func TestSMSSend_openRefusalEveryBatchWouldGetStops(t *testing.T) {
	t.Parallel()
	sim, url := newSimServer(t)
	id := smsTemplate(t, sim, url, 1, "")
	postFaults(t, url, `{"force": [{"method": "POST", "path": "/open/sms/send", "code": 403, "count": 1000}]}`)
	book := wideRecipients(t, 2000)
	dir := t.TempDir()
	journal, report := filepath.Join(dir, "j"), filepath.Join(dir, "report.xlsx")
	send := func(args ...string) (int, string, string) {
		return runCLI(append([]string{"sms", "send", book, "--template", id, "--journal", journal, "--endpoint", url, "--access-token", "sim-token"}, args...)...)
	}
	code, o, errOut := send("--report", report)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, o, errOut)
	}
	if n := openSends(sim); n != 1 {
		t.Errorf("%d send requests, want 1 (the refusal every batch would get stops the run)", n)
	}
	lines := nonEmptyLines(errOut)
	wantNotSent := "batches 2-10/10 not sent (1800 numbers): batch 1's refusal (code 403: not allowed in the object's current state) is one every batch would get, " +
		"so no further batch was sent: rows 202-2001: 13800000200, 13800000201, 13800000202, 13800000203, 13800000204 and 1795 more; " +
		"fix what the refusal says and run again to send them"
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "batch 1/10 refused, nothing sent (200 numbers): ") || lines[1] != wantNotSent {
		t.Errorf("stderr: want the refusal of batch 1, then once:\n%s\ngot %d lines:\n%s", wantNotSent, len(lines), errOut)
	}
	if want := "0 sent, 0 already sent, 0 duplicates, 200 failed, 0 unknown, 0 would send, 1800 not sent (stopped by batch 1's refusal)."; !strings.Contains(o, want) {
		t.Errorf("stdout lacks %q:\n%s", want, o)
	}
	rows := mustRows(t, report, "Result")
	outcomes := map[string]int{}
	for _, r := range rows[1:] {
		outcomes[r[4]]++
	}
	if outcomes["not sent"] != 1800 || outcomes["failed"] != 200 || len(rows) != 2001 {
		t.Errorf("report: %d rows, outcomes %v; want 2000 rows, 1800 not sent and 200 failed", len(rows)-1, outcomes)
	}
	b, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	notSent := 0
	for l := range strings.SplitSeq(string(b), "\n") {
		var r struct {
			Type    string   `json:"type"`
			Mobiles []string `json:"mobiles"`
		}
		if json.Unmarshal([]byte(l), &r) == nil && r.Type == "notsent" {
			notSent += len(r.Mobiles)
		}
	}
	if notSent != 1800 {
		t.Errorf("journal's notsent records hold %d numbers, want 1800", notSent)
	}

	postFaults(t, url, `{}`)
	code, o, errOut = send()
	if code != 0 || !strings.Contains(o, "2000 sent, 0 already sent") || openSends(sim) != 11 {
		t.Fatalf("rerun after the fix: exit %d, %d requests in all (want 11)\n%s\n%s", code, openSends(sim), o, errOut)
	}
	code, o, _ = send()
	if code != 0 || !strings.Contains(o, "0 sent, 2000 already sent") || openSends(sim) != 11 {
		t.Errorf("third run: exit %d, %d requests in all\n%s", code, openSends(sim), o)
	}
}

// TestSMSSend_openPerBatchProblemGoesOn: a batch refused with a problem of
// its own (code 400, a parameter of that request) or whose answer was lost
// (HTTP 504 after the send was carried out) does not stop the run: the
// other batches are sent.
func TestSMSSend_openPerBatchProblemGoesOn(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, force, summary string }{
		{"refused 400", `"code": 400`, "800 sent, 0 already sent, 0 duplicates, 200 failed, 0 unknown, 0 would send."},
		{"answer lost", `"lost": true`, "800 sent, 0 already sent, 0 duplicates, 0 failed, 200 unknown, 0 would send."},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sim, url := newSimServer(t)
			id := smsTemplate(t, sim, url, 1, "")
			postFaults(t, url, `{"force": [{"method": "POST", "path": "/open/sms/send", `+c.force+`, "count": 1}]}`)
			book := wideRecipients(t, 1000)
			code, o, errOut := runCLI("sms", "send", book, "--template", id, "--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", url, "--access-token", "sim-token")
			if code != 1 || !strings.Contains(o, c.summary) || strings.Contains(errOut, "not sent") || openSends(sim) != 5 {
				t.Errorf("exit %d, %d requests (want 5: batch 1's problem, batches 2-5 sent), want %q\n%s\n%s", code, openSends(sim), c.summary, o, errOut)
			}
		})
	}
}
