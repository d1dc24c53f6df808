package main

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// One stop that arrives twice: GNU timeout sends SIGTERM to the command and
// then to its process group, and a CI runner that cancels a job signals its
// process group as a wrapper relays the signal, so a run gets two SIGTERMs
// at once. That is the graceful stop the job asked for, not "interrupt
// again": the batch or writes in flight finish and are recorded (they were
// cut off and left in doubt). A second SIGTERM later still aborts.

// TestSMSSend_sigtermTwiceAtOnceFinishesTheBatchInFlight: `timeout 10m
// ccsync sms send ...` running out during batch 1 of 3.
//
// In a synctest bubble: the batches' time in flight (inFlight) runs on
// the bubble's clock.
func TestSMSSend_sigtermTwiceAtOnceFinishesTheBatchInFlight(t *testing.T) {
	synctest.Test(t, smsSendSigtermTwiceAtOnceFinishesTheBatchInFlight)
}

func smsSendSigtermTwiceAtOnceFinishesTheBatchInFlight(t *testing.T) {
	signal := fakeSignals(t)
	s := &scriptedSender{Sender: importertest.NewSender()}
	s.before = func(ctx context.Context, n int) error {
		if n == 1 {
			signal(syscall.SIGTERM)
			signal(syscall.SIGTERM)
		}
		return inFlight(ctx)
	}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	journal := filepath.Join(t.TempDir(), "j")
	code, o, e := runSMSCmd("send", demoRecipients, "--template", "7", "--batch-size", "10", "--journal", journal, "--endpoint", ep, "--access-token", "t")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if strings.Contains(e, "interrupted again") || strings.Contains(e, "answer lost, in doubt") {
		t.Errorf("one SIGTERM delivered twice aborted the batch in flight:\n%s", e)
	}
	for _, want := range []string{"interrupted: stopping after the current batch", "batch 1/3 sent: 10 numbers", "batches 2-3/3 not sent (14 numbers): interrupted"} {
		if !strings.Contains(e, want) {
			t.Errorf("stderr lacks %q:\n%s", want, e)
		}
	}
	for _, want := range []string{"10 sent, 0 already sent, 1 duplicate, 0 failed, 0 unknown, 0 would send, 14 not sent (interrupted).",
		"Stopped: interrupted after batch 1 of 3; no further batch was sent."} {
		if !strings.Contains(o, want) {
			t.Errorf("stdout lacks %q:\n%s", want, o)
		}
	}
}

// TestSMSSend_sigtermAgainLaterAborts: a SIGTERM that comes after the first
// one was acted on (here 50 ms later, with sameStop at 20 ms) is a second
// interrupt, as a second Ctrl-C is.
func TestSMSSend_sigtermAgainLaterAborts(t *testing.T) {
	signal := fakeSignals(t)
	old := sameStop
	sameStop = 20 * time.Millisecond
	t.Cleanup(func() { sameStop = old })
	s := &scriptedSender{Sender: importertest.NewSender()}
	s.before = func(ctx context.Context, n int) error {
		if n == 1 {
			signal(syscall.SIGTERM)
			time.Sleep(50 * time.Millisecond)
			signal(syscall.SIGTERM)
			return untilAborted(t, ctx, "batch")
		}
		return nil
	}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	journal := filepath.Join(t.TempDir(), "j")
	code, _, e := runSMSCmd("send", demoRecipients, "--template", "7", "--batch-size", "10", "--journal", journal, "--endpoint", ep, "--access-token", "t")
	if code != 1 || !strings.Contains(e, "interrupted again: aborting the batch in flight") {
		t.Errorf("exit %d\n%s", code, e)
	}
}

// TestAgentsApply_sigtermTwiceAtOnceLetsWritesInFlightFinish: `timeout`
// ending `ccsync agents apply`: the creates in flight finish (done, not
// "outcome unknown"), no further row starts.
//
// In a synctest bubble: the writes' time in flight (inFlight) runs on
// the bubble's clock.
func TestAgentsApply_sigtermTwiceAtOnceLetsWritesInFlightFinish(t *testing.T) {
	synctest.Test(t, agentsApplySigtermTwiceAtOnceLetsWritesInFlightFinish)
}

func agentsApplySigtermTwiceAtOnceLetsWritesInFlightFinish(t *testing.T) {
	signal := fakeSignals(t)
	api := &slowAgents{Agents: importertest.NewAgents()}
	api.before = func(ctx context.Context, n int) error {
		if n == 1 {
			signal(syscall.SIGTERM)
			signal(syscall.SIGTERM)
		}
		return inFlight(ctx)
	}
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	code, o, e := runCLI("agents", "apply", demoRoster, "--concurrency", "4", "--endpoint", ep, "--access-token", "t")
	if code != exitFailures {
		t.Errorf("exit %d, want %d", code, exitFailures)
	}
	if strings.Contains(o, "UNKNOWN") || strings.Contains(e, "interrupted again") {
		t.Errorf("one SIGTERM delivered twice aborted the writes in flight:\n%s\n%s", o, e)
	}
	created := api.Len()
	if !strings.Contains(o, "Stopped: interrupted; the writes in flight finished and "+itoa(20-created)+" rows were not started.") {
		t.Errorf("stdout:\n%s\n%s", o, e)
	}
}
