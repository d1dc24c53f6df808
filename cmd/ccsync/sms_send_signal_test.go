package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// fakeSignals makes the command's signal listener take signals from the
// returned function instead of the process. The tests using it are not
// parallel: they replace a package variable.
func fakeSignals(t *testing.T) (send func(os.Signal)) {
	t.Helper()
	var c chan<- os.Signal
	old := notifySignals
	notifySignals = func(ch chan<- os.Signal) func() { c = ch; return func() {} }
	t.Cleanup(func() { notifySignals = old })
	return func(s os.Signal) { c <- s }
}

// untilAborted holds a write until a second interrupt cuts it off, and
// fails the test when none does within 10 seconds.
func untilAborted(t *testing.T, ctx context.Context, what string) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(10 * time.Second):
		t.Errorf("the second interrupt did not abort the %s in flight", what)
		return nil
	}
}

// inFlight stands for a send request waiting for the platform's answer: an
// HTTP request ends early, with the context's error, when its context is
// cancelled.
func inFlight(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(300 * time.Millisecond):
		return nil
	}
}

// TestSMSSend_firstInterruptFinishesTheBatchInFlight: Ctrl-C during batch
// 1 of 3 lets that batch finish (sent and recorded, not in doubt), sends
// no further batch, says so, and the next run sends the rest.
//
// In a synctest bubble: the batches' time in flight (inFlight) runs on
// the bubble's clock.
func TestSMSSend_firstInterruptFinishesTheBatchInFlight(t *testing.T) {
	synctest.Test(t, smsSendFirstInterruptFinishesTheBatchInFlight)
}

func smsSendFirstInterruptFinishesTheBatchInFlight(t *testing.T) {
	signal := fakeSignals(t)
	s := &scriptedSender{Sender: importertest.NewSender()}
	s.before = func(ctx context.Context, n int) error {
		if n == 1 {
			signal(os.Interrupt)
		}
		return inFlight(ctx)
	}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	journal := filepath.Join(t.TempDir(), "j")
	code, o, e := runSMSCmd("send", demoRecipients, "--template", "7", "--batch-size", "10", "--journal", journal, "--endpoint", ep, "--access-token", "t")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{"interrupted: stopping after the current batch", "batch 1/3 sent: 10 numbers", "batches 2-3/3 not sent (14 numbers): interrupted"} {
		if !strings.Contains(e, want) {
			t.Errorf("stderr lacks %q:\n%s", want, e)
		}
	}
	// The 14 numbers not sent are counted apart, not as failed, and in one
	// summary rather than a line each.
	for _, want := range []string{"10 sent, 0 already sent, 1 duplicate, 0 failed, 0 unknown, 0 would send, 14 not sent (interrupted).",
		"Stopped: interrupted after batch 1 of 3; no further batch was sent. Run again to continue; the journal " + journal} {
		if !strings.Contains(o, want) {
			t.Errorf("stdout lacks %q:\n%s", want, o)
		}
	}
	if strings.Contains(o, "not sent (interrupted):") || strings.Contains(o, "failed: not sent") {
		t.Errorf("stdout lists the numbers not sent one by one:\n%s", o)
	}
	if s.Batches != 1 || len(s.Sent) != 10 {
		t.Errorf("the platform got %d batches, %d numbers; want 1 batch of 10", s.Batches, len(s.Sent))
	}
	// The next run sends the 14 others; nobody twice.
	s.before = nil
	code, o, e = runSMSCmd("send", demoRecipients, "--template", "7", "--batch-size", "10", "--journal", journal, "--endpoint", ep, "--access-token", "t")
	if code != 0 || !strings.Contains(o, "14 sent, 10 already sent") || len(s.Twice()) > 0 || len(s.Sent) != 24 {
		t.Errorf("re-run: exit %d twice %v\n%s\n%s", code, s.Twice(), o, e)
	}
}

// TestSMSSend_interruptDuringTheLastBatch: the last batch finishes and the
// run says it was stopped (before, nothing said so).
//
// In a synctest bubble: the batches' time in flight (inFlight) runs on the
// bubble's clock.
func TestSMSSend_interruptDuringTheLastBatch(t *testing.T) {
	synctest.Test(t, smsSendInterruptDuringTheLastBatch)
}

func smsSendInterruptDuringTheLastBatch(t *testing.T) {
	signal := fakeSignals(t)
	s := &scriptedSender{Sender: importertest.NewSender()}
	s.before = func(ctx context.Context, n int) error {
		if n == 3 {
			signal(os.Interrupt)
		}
		return inFlight(ctx)
	}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	journal := filepath.Join(t.TempDir(), "j")
	code, o, e := runSMSCmd("send", demoRecipients, "--template", "7", "--batch-size", "10", "--journal", journal, "--endpoint", ep, "--access-token", "t")
	if code != 1 || !strings.Contains(o, "24 sent") || !strings.Contains(e, "batch 3/3 sent: 4 numbers") ||
		!strings.Contains(o, "Stopped: interrupted during the last batch (3 of 3), which finished and is recorded. Run again to continue") {
		t.Errorf("exit %d\n%s\n%s", code, o, e)
	}
	if len(s.Sent) != 24 {
		t.Errorf("the platform got %d numbers, want 24", len(s.Sent))
	}
}

// TestSMSSend_secondInterruptAborts: a second Ctrl-C cuts the batch in
// flight off (its numbers are in doubt), and the run says it stopped, also
// when that was the last batch.
func TestSMSSend_secondInterruptAborts(t *testing.T) {
	signal := fakeSignals(t)
	s := &scriptedSender{Sender: importertest.NewSender()}
	s.before = func(ctx context.Context, n int) error {
		if n == 3 {
			signal(os.Interrupt)
			signal(os.Interrupt)
			return untilAborted(t, ctx, "batch")
		}
		return nil
	}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	journal := filepath.Join(t.TempDir(), "j")
	code, o, e := runSMSCmd("send", demoRecipients, "--template", "7", "--batch-size", "10", "--journal", journal, "--endpoint", ep, "--access-token", "t")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(e, "interrupted again: aborting the batch in flight, whose numbers are left in doubt") {
		t.Errorf("stderr does not acknowledge the second interrupt:\n%s", e)
	}
	if !strings.Contains(e, "batch 3/3 aborted while waiting for its answer (a second interrupt), in doubt (4 numbers; the platform may have sent it; a run once the batch is 5 minutes old settles it)\n") {
		t.Errorf("stderr:\n%s", e)
	}
	for _, want := range []string{"20 sent, 0 already sent, 1 duplicate, 0 failed, 4 unknown",
		"Stopped: aborted by a second interrupt; a batch cut off is in doubt, and a run once it is 5 minutes old settles it. Run again to continue"} {
		if !strings.Contains(o, want) {
			t.Errorf("stdout lacks %q:\n%s", want, o)
		}
	}
}

// TestSMSSend_secondInterruptLeavesBatchesNotSent: two Ctrl-Cs during
// batch 1 of 3 leave it in doubt, and the numbers of batches 2 and 3 read
// "not sent (interrupted)" as after one Ctrl-C, not "failed" with
// "not sent: context canceled"; JSON keeps one entry per row.
func TestSMSSend_secondInterruptLeavesBatchesNotSent(t *testing.T) {
	signal := fakeSignals(t)
	s := &scriptedSender{Sender: importertest.NewSender()}
	s.before = func(ctx context.Context, n int) error {
		if n == 1 {
			signal(os.Interrupt)
			signal(os.Interrupt)
			return untilAborted(t, ctx, "batch")
		}
		return nil
	}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	journal := filepath.Join(t.TempDir(), "j")
	code, o, e := runSMSCmd("send", demoRecipients, "--template", "7", "--batch-size", "10", "--journal", journal, "--output", "json", "--endpoint", ep, "--access-token", "t")
	var res struct {
		Counts  map[string]int        `json:"counts"`
		Results []importer.SendResult `json:"results"`
		Error   string                `json:"error"`
	}
	if err := json.Unmarshal([]byte(o), &res); err != nil || code != 1 {
		t.Fatalf("exit %d %v\n%s\n%s", code, err, o, e)
	}
	// As the text output says it (it was "context canceled").
	if res.Error != "aborted by a second interrupt; a batch cut off is in doubt, and a run once it is 5 minutes old settles it" {
		t.Errorf("error %q", res.Error)
	}
	if res.Counts[importer.SendNotSent] != 14 || res.Counts[importer.SendUnknown] != 10 || res.Counts[importer.SendFailed] != 0 || len(res.Results) != 25 {
		t.Errorf("counts %v, %d results", res.Counts, len(res.Results))
	}
	for _, r := range res.Results {
		if r.Outcome == importer.SendNotSent && r.Message != importer.MessageNotSent {
			t.Errorf("row %d: %q", r.Row, r.Message)
		}
	}
	if !strings.Contains(e, "batches 2-3/3 not sent (14 numbers): interrupted") {
		t.Errorf("stderr:\n%s", e)
	}
}
