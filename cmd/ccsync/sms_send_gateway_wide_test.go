package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/xuri/excelize/v2"
)

// wideRecipients writes a recipient list of n rows (rows 2 to n+1), the
// numbers 13800000000 on, each with its own name: one send_file a batch.
func wideRecipients(t *testing.T, n int) string {
	t.Helper()
	f := excelize.NewFile()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	if err := sw.SetRow("A1", []any{"mobile", "name", "date"}); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := sw.SetRow("A"+strconv.Itoa(i+2), []any{fmt.Sprintf("1380%07d", i), "Name" + strconv.Itoa(i), "2026-12-01"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "recipients.xlsx")
	if err := f.SaveAs(p); err != nil {
		t.Fatal(err)
	}
	return p
}

// nonEmptyLines are the lines of s that are not empty.
func nonEmptyLines(s string) []string {
	var out []string
	for l := range strings.SplitSeq(s, "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// TestSMSSend_gatewayRefusalEveryBatchWouldGetStops: 1,000 recipients in
// 50 batches under a template whose signature the review rejected. Every
// request is refused 1018; ccsync sent all 50 batches, and wrote 50 lines
// saying the same refusal (10,000 recipients: 50 requests, 50 lines). It
// stops after the first: one request, one line for the refusal and one for
// the 980 numbers not sent (the rule, how many, their
// rows, the first five), "not sent" in the report and a "notsent" journal
// record. Once the signature is approved, a rerun on the journal sends
// every number exactly once, and a third run sends nothing.
//
// In a synctest bubble, on the simulator in process
// (newBubbleGatewaySendEnv): the runs' waits run on the bubble's clock.
func TestSMSSend_gatewayRefusalEveryBatchWouldGetStops(t *testing.T) {
	t.Parallel()
	synctest.Test(t, smsSendGatewayRefusalEveryBatchWouldGetStops)
}

func smsSendGatewayRefusalEveryBatchWouldGetStops(t *testing.T) {
	e := newBubbleGatewaySendEnv(t)
	if err := e.sim.Review("gateway_signature", e.sign, 2, "wrong company name"); err != nil {
		t.Fatal(err)
	}
	book := wideRecipients(t, 1000)
	dir := t.TempDir()
	journal, report := filepath.Join(dir, "j"), filepath.Join(dir, "report.xlsx")
	code, o, errOut := e.send(book, "--journal", journal, "--report", report, "--batch-size", "20")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, o, errOut)
	}
	if n := e.gatewaySends(); n != 1 {
		t.Errorf("%d send requests, want 1 (the refusal every batch would get stops the run)", n)
	}
	lines := nonEmptyLines(errOut)
	wantNotSent := "batches 2-50/50 not sent (980 numbers): batch 1's refusal (code 1018, signature does not exist) is one every batch would get, " +
		"so no further batch was sent: rows 22-1001: 13800000020, 13800000021, 13800000022, 13800000023, 13800000024 and 975 more; " +
		"fix what the refusal says and run again to send them"
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "batch 1/50 refused, nothing sent (20 numbers): ") || !strings.Contains(lines[0], "code 1018") || lines[1] != wantNotSent {
		t.Errorf("stderr: want the refusal of batch 1, then once:\n%s\ngot %d lines:\n%s", wantNotSent, len(lines), errOut)
	}
	for _, want := range []string{
		"0 sent, 0 already sent, 0 duplicates, 20 failed, 0 unknown, 0 would send, 980 not sent (stopped by batch 1's refusal).",
		"Stopped: batch 1 of 50 was refused with an error every batch would get (code 1018, signature does not exist), so no further batch was sent (980 numbers not sent).",
	} {
		if !strings.Contains(o, want) {
			t.Errorf("stdout lacks %q:\n%s", want, o)
		}
	}
	rows := mustRows(t, report, "Result")
	outcomes := map[string]int{}
	for _, r := range rows[1:] {
		outcomes[r[4]]++
		if r[4] == "not sent" && !strings.HasPrefix(r[5], "not sent: batch 1 of 50 was refused with an error every batch would get (code 1018") {
			t.Errorf("report row %s: message %q", r[0], r[5])
		}
	}
	if outcomes["not sent"] != 980 || outcomes["failed"] != 20 || len(rows) != 1001 {
		t.Errorf("report: %d rows, outcomes %v; want 1000 rows, 980 not sent and 20 failed", len(rows)-1, outcomes)
	}
	b, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	var notSent []string
	for l := range strings.SplitSeq(string(b), "\n") {
		var r struct {
			Type    string   `json:"type"`
			Mobiles []string `json:"mobiles"`
			Note    string   `json:"note"`
		}
		if json.Unmarshal([]byte(l), &r) == nil && r.Type == "notsent" {
			notSent = append(notSent, r.Mobiles...)
			if !strings.Contains(r.Note, "batch 1 of 50 was refused") {
				t.Errorf("journal's notsent record says %q", r.Note)
			}
		}
	}
	if len(notSent) != 980 || notSent[0] != "13800000020" || notSent[979] != "13800000999" {
		t.Errorf("journal's notsent records hold %d numbers, want 980 from 13800000020 to 13800000999", len(notSent))
	}
	if got := len(e.messages(t)); got != 0 {
		t.Fatalf("%d numbers got a message under a rejected signature", got)
	}

	if err := e.sim.Review("gateway_signature", e.sign, 1, ""); err != nil {
		t.Fatal(err)
	}
	code, o, errOut = e.send(book, "--journal", journal, "--batch-size", "20")
	if code != 0 || !strings.Contains(o, "1000 sent, 0 already sent") {
		t.Fatalf("rerun after approval: exit %d\n%s\n%s", code, o, errOut)
	}
	if n := e.gatewaySends(); n != 51 {
		t.Errorf("%d send requests in all, want 51 (1 refused, then 50)", n)
	}
	msgs := e.messages(t)
	if len(msgs) != 1000 {
		t.Errorf("%d numbers got a message, want 1000", len(msgs))
	}
	for m, cs := range msgs {
		if len(cs) != 1 {
			t.Errorf("%s got %d messages, want 1", m, len(cs))
		}
	}
	code, o, _ = e.send(book, "--journal", journal, "--batch-size", "20")
	if code != 0 || !strings.Contains(o, "0 sent, 1000 already sent") || e.gatewaySends() != 51 {
		t.Errorf("third run: exit %d, %d requests in all\n%s", code, e.gatewaySends(), o)
	}
}

// TestSMSSend_gatewayPerRequestFailuresGoOnTemplateInReviewStops: the template was
// approved when the run checked it and is back in review (an edit
// resubmits it) when the first batch goes: 1016, which every batch would
// get. The run stops there (--output json: the counts and each row's
// outcome); per-request refusals (a number's format, 1012) and time-outs
// (1010) before it let the other batches go.
func TestSMSSend_gatewayPerRequestFailuresGoOnTemplateInReviewStops(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	const path = "/smsapi/sms/v1/send_file"
	e.onSend = func(n int) {
		switch n {
		case 1:
			e.faults(t, fmt.Sprintf(`{"force":[{"method":"POST","path":%q,"code":1012,"count":1}]}`, path))
		case 2:
			e.faults(t, fmt.Sprintf(`{"force":[{"method":"POST","path":%q,"code":1010,"count":1}]}`, path))
		case 4:
			e.faults(t, `{}`)
			if err := e.sim.Review("gateway_template", e.tpl, 0, ""); err != nil {
				t.Error(err)
			}
		}
	}
	book := wideRecipients(t, 1000)
	code, o, errOut := e.send(book, "--journal", filepath.Join(t.TempDir(), "j"), "--batch-size", "20", "--output", "json")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, o, errOut)
	}
	var doc struct {
		Counts  map[string]int `json:"counts"`
		Error   string         `json:"error"`
		Results []struct {
			Row     int    `json:"row"`
			Outcome string `json:"outcome"`
			Message string `json:"message"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(o), &doc); err != nil {
		t.Fatalf("%v\n%s", err, o)
	}
	// Batch 1 refused (1012), batch 2 in doubt (1010), batch 3 sent,
	// batch 4 refused (1016) and batches 5-50 not sent.
	want := map[string]int{"failed": 40, "unknown": 20, "sent": 20, "not sent": 920}
	for k, v := range want {
		if doc.Counts[k] != v {
			t.Errorf("counts %v, want %v\n%s", doc.Counts, want, errOut)
			break
		}
	}
	if n := e.gatewaySends(); n != 4 {
		t.Errorf("%d send requests, want 4", n)
	}
	if !strings.Contains(doc.Error, "batch 4 of 50 was refused with an error every batch would get (code 1016, template id does not exist or is not approved)") {
		t.Errorf("error %q", doc.Error)
	}
	if r := doc.Results[80]; r.Row != 82 || r.Outcome != "not sent" || !strings.HasPrefix(r.Message, "not sent: batch 4 of 50 was refused") {
		t.Errorf("row 82: %+v", r)
	}
	if lines := nonEmptyLines(errOut); len(lines) != 5 || !strings.HasPrefix(lines[4], "batches 5-50/50 not sent (920 numbers): batch 4's refusal (code 1016, ") {
		t.Errorf("stderr, want 5 lines, the last for batches 5-50:\n%s", errOut)
	}
}
