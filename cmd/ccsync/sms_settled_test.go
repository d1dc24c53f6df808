package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestSMSSend_textNamesTheRowsSettledFromRecords: a batch whose answer was
// lost (a job killed mid-send) is settled by the next run from the
// platform's send records; that run's text names those rows and how they
// were settled, where its summary only counted them "already sent" with
// the rows sent by the earlier batches. A run after it does not repeat it.
func TestSMSSend_textNamesTheRowsSettledFromRecords(t *testing.T) {
	t.Parallel()
	s := &scriptedSender{Sender: importertest.NewSender()}
	s.after = func(_ context.Context, n int) error {
		if n == 2 {
			return errors.New("read tcp: connection reset by peer")
		}
		return nil
	}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	journal := filepath.Join(t.TempDir(), "j")
	args := []string{"send", demoRecipients, "--template", "7", "--batch-size", "10", "--journal", journal, "--endpoint", ep, "--access-token", "t"}
	if code, o, e := runSMSCmd(args...); code != 1 || !strings.Contains(e, "batch 2/3 answer lost, in doubt") {
		t.Fatalf("first run: exit %d\n%s\n%s", code, o, e)
	}
	s.after = nil
	code, o, e := runSMSCmd(args...)
	want := "Recipients rows 13-22 (10 rows): already sent: found sent after a lost answer to the send (read tcp: connection reset by peer): the platform's send records show this template sent to it with these values; not sent again\n"
	if code != 0 || !strings.Contains(o, want) || !strings.Contains(o, "0 sent, 24 already sent") {
		t.Errorf("second run: exit %d, want 0 and %q\n%s\n%s", code, want, o, e)
	}
	if strings.Count(o, "already sent:") != 1 {
		t.Errorf("the rows the first run recorded as sent are listed as settled:\n%s", o)
	}
	if len(s.Twice()) > 0 {
		t.Errorf("sent twice: %v", s.Twice())
	}
	code, o, _ = runSMSCmd(args...)
	if code != 0 || strings.Contains(o, "found sent after") {
		t.Errorf("third run: exit %d; it repeats the settling:\n%s", code, o)
	}
}

// TestSMSSend_gatewaySettledAfterATimeOutSaysSo: a gateway batch whose
// answer was an HTTP 504 (the send carried out, nobody pressed Ctrl-C) was
// settled by the next run from the delivery reports, every row saying
// "sent before the interruption". It says the time-out, with the error.
func TestSMSSend_gatewaySettledAfterATimeOutSaysSo(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	e.faults(t, `{"force": [{"method": "POST", "path": "/smsapi/sms/v1/send_batch", "lost": true, "count": 1}]}`)
	book, journal := sharedValuesBook(t, 3), filepath.Join(t.TempDir(), "j")
	if code, o, errOut := e.send(book, "--journal", journal); code != 1 || !strings.Contains(errOut, "batch 1/1 no answer in time, in doubt") {
		t.Fatalf("first run: exit %d\n%s\n%s", code, o, errOut)
	}
	code, o, errOut := e.send(book, "--journal", journal)
	want := "Sheet1 rows 2-4 (3 rows): already sent: found sent after a time-out waiting for the send's answer " +
		"(POST /smsapi/sms/v1/send_batch: HTTP 504: simulated gateway timeout): the gateway's delivery report for smsExt "
	if code != 0 || !strings.Contains(o, want) || strings.Contains(o, "interruption") {
		t.Errorf("second run: exit %d, want 0 and %q, and no interruption\n%s\n%s", code, want, o, errOut)
	}
}

// TestSMSSend_gatewaySendTimedOutCodeIsATimeOut: the gateway's code 1010
// "sending timed out (retry)" (§7.4) leaves the batch in doubt; it was
// told as an answer lost, and the next run's rows as after "an
// interruption". Both now say the time-out, with the gateway's error.
func TestSMSSend_gatewaySendTimedOutCodeIsATimeOut(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	e.faults(t, `{"force": [{"method": "POST", "path": "/smsapi/sms/v1/send_batch", "code": 1010, "count": 1}]}`)
	book, journal := sharedValuesBook(t, 3), filepath.Join(t.TempDir(), "j")
	code, o, errOut := e.send(book, "--journal", journal)
	if code != 1 || !strings.Contains(errOut, "batch 1/1 no answer in time, in doubt (3 numbers;") ||
		!strings.Contains(o, "Sheet1 rows 2-4 (3 rows): unknown: the send got no answer in time (POST /smsapi/sms/v1/send_batch: code 1010") {
		t.Fatalf("first run: exit %d, want 1 with the batch said timed out\n%s\n%s", code, o, errOut)
	}
	code, o, errOut = e.send(book, "--journal", journal)
	want := "Sheet1 rows 2-4 (3 rows): unknown: in doubt after a time-out waiting for the send's answer (POST /smsapi/sms/v1/send_batch: code 1010"
	if code != 1 || !strings.Contains(o, want) || strings.Contains(o, "interruption") {
		t.Errorf("second run: exit %d, want 1 and %q\n%s\n%s", code, want, o, errOut)
	}
}

// TestSMSSend_gatewaySettledButNotReceivedSaysSo: a number in doubt whose
// delivery report says FAIL ("not received", §3.6) was listed "already
// sent: … shows it (state FAIL)" with those delivered, and the run ended
// "0 failed" with exit 0: the operator read that everyone had it. Its row
// now says it was not received, that it is not sent again, and what to do.
func TestSMSSend_gatewaySettledButNotReceivedSaysSo(t *testing.T) {
	t.Parallel()
	e := newGatewaySendEnv(t)
	e.faults(t, `{"force": [{"method": "POST", "path": "/smsapi/sms/v1/send_batch", "lost": true, "count": 1}]}`)
	book := filepath.Join(t.TempDir(), "r.xlsx")
	f := excelize.NewFile()
	for i, row := range [][]any{{"mobile", "name", "date"}, {"13800138001", "customer", "2026-12-01"}, {"13800138010", "customer", "2026-12-01"}} {
		_ = f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+1), &row)
	}
	if err := f.SaveAs(book); err != nil {
		t.Fatal(err)
	}
	journal := filepath.Join(t.TempDir(), "j")
	if code, o, errOut := e.send(book, "--journal", journal); code != 1 {
		t.Fatalf("first run: exit %d\n%s\n%s", code, o, errOut)
	}
	_, o, errOut := e.send(book, "--journal", journal)
	for _, want := range []string{
		"Sheet1 row 2 13800138001: already sent: found sent after a time-out waiting for the send's answer (POST /smsapi/sms/v1/send_batch: HTTP 504: simulated gateway timeout): the gateway's delivery report for smsExt ",
		"Sheet1 row 3 13800138010: already sent: found sent after a time-out waiting for the send's answer (POST /smsapi/sms/v1/send_batch: HTTP 504: simulated gateway timeout), " +
			"but the gateway's delivery report for smsExt ",
		" says it was not received (state FAIL); not sent again: check the number, and to try again send to it with a sheet of its own\n",
		// The summary's count of already sent says how many were not
		// received: "2 already sent, 0 failed" read as if both had it.
		"; 0 sent, 2 already sent (1 of them not received, by the gateway's delivery reports: see their rows above), 0 duplicates, 0 failed,",
	} {
		if !strings.Contains(o, want) {
			t.Errorf("second run lacks %q\n%s\n%s", want, o, errOut)
		}
	}
}
