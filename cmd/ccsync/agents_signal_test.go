package main

import (
	"context"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// slowAgents stands for a platform whose creates take a while to answer;
// before, when set, runs at the start of every create (n counts them).
type slowAgents struct {
	*importertest.Agents
	mu     sync.Mutex
	n      int
	before func(ctx context.Context, n int) error
}

func (s *slowAgents) Create(ctx context.Context, in importer.Values) (int64, error) {
	s.mu.Lock()
	s.n++
	n, before := s.n, s.before
	s.mu.Unlock()
	if before != nil {
		if err := before(ctx, n); err != nil {
			return 0, err
		}
	}
	return s.Agents.Create(ctx, in)
}

// TestAgentsApply_firstInterruptLetsWritesInFlightFinish: Ctrl-C during the
// first create lets the creates in flight finish (done, not "failed …
// context canceled"), starts no further row, reports the rest not started,
// says it was interrupted, exits 1; the next apply makes the rest.
//
// In a synctest bubble: the writes' time in flight (inFlight) runs on
// the bubble's clock.
func TestAgentsApply_firstInterruptLetsWritesInFlightFinish(t *testing.T) {
	synctest.Test(t, agentsApplyFirstInterruptLetsWritesInFlightFinish)
}

func agentsApplyFirstInterruptLetsWritesInFlightFinish(t *testing.T) {
	signal := fakeSignals(t)
	api := &slowAgents{Agents: importertest.NewAgents()}
	api.before = func(ctx context.Context, n int) error {
		if n == 1 {
			signal(os.Interrupt)
		}
		return inFlight(ctx)
	}
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	code, o, e := runCLI("agents", "apply", demoRoster, "--concurrency", "4", "--endpoint", ep, "--access-token", "t")
	if code != exitFailures {
		t.Errorf("exit %d, want %d", code, exitFailures)
	}
	created := api.Len()
	if created < 1 || created > 4 {
		t.Fatalf("%d agents created, want the 1 to 4 in flight", created)
	}
	if strings.Contains(o, "FAILED") || strings.Contains(o+e, "context canceled") || strings.Contains(o, "UNKNOWN") {
		t.Errorf("a row is reported failed or unknown:\n%s\n%s", o, e)
	}
	if !strings.Contains(e, "interrupted: no further row is started; the writes in flight finish") {
		t.Errorf("stderr does not say what the interrupt does:\n%s", e)
	}
	for _, want := range []string{
		"; 0 failed, 0 outcome unknown, " + itoa(20-created) + " not started (",
		"Stopped: interrupted; the writes in flight finished and " + itoa(20-created) + " rows were not started. Running apply again continues",
	} {
		if !strings.Contains(o, want) {
			t.Errorf("stdout lacks %q:\n%s", want, o)
		}
	}
	if n := strings.Count(e, "\n"); n > created+2 {
		t.Errorf("stderr has %d lines, want one per write in flight and the interrupt's:\n%s", n, e)
	}

	api.before = nil
	code, o, e = runCLI("agents", "apply", demoRoster, "--endpoint", ep, "--access-token", "t")
	if code != 0 || api.Len() != 20 || !strings.Contains(o, "Apply: "+itoa(20-created)+" to create, 0 to update, "+itoa(created)+" unchanged; 0 failed (") {
		t.Errorf("re-run: exit %d, %d agents\n%s\n%s", code, api.Len(), o, e)
	}
}

// TestAgentsApply_secondInterruptAborts: a second Ctrl-C cuts the creates
// in flight off: their outcome is unknown (not failed), and the summary
// says so; a re-run settles them and makes the rest.
func TestAgentsApply_secondInterruptAborts(t *testing.T) {
	signal := fakeSignals(t)
	api := &slowAgents{Agents: importertest.NewAgents()}
	api.before = func(ctx context.Context, n int) error {
		if n == 1 {
			signal(os.Interrupt)
			signal(os.Interrupt)
		}
		return untilAborted(t, ctx, "create")
	}
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	code, o, e := runCLI("agents", "apply", demoRoster, "--concurrency", "4", "--output", "json", "--endpoint", ep, "--access-token", "t")
	if code != exitFailures {
		t.Errorf("exit %d, want %d", code, exitFailures)
	}
	if !strings.Contains(e, "interrupted again: aborting the writes in flight, whose outcome is unknown") {
		t.Errorf("stderr does not acknowledge the second interrupt:\n%s", e)
	}
	if !strings.Contains(o, `"interrupted": "aborted"`) || !strings.Contains(o, `"failed": 0`) || !strings.Contains(o, importer.MessageCutOff) || strings.Contains(o, `"outcome": "failed"`) {
		t.Errorf("json:\n%s\n%s", o, e)
	}
	api.mu.Lock()
	api.n = 0
	api.mu.Unlock()
	code, o, _ = runCLI("agents", "apply", demoRoster, "--concurrency", "4", "--endpoint", ep, "--access-token", "t")
	if code != exitFailures || !strings.Contains(o, "UNKNOWN ") || strings.Contains(o, "FAILED") ||
		!strings.Contains(o, "Stopped: aborted by a second interrupt;") || !strings.Contains(o, "Running apply again continues") {
		t.Errorf("text: exit %d\n%s", code, o)
	}
	api.before = nil
	if code, o, e = runCLI("agents", "apply", demoRoster, "--endpoint", ep, "--access-token", "t"); code != 0 || api.Len() != 20 {
		t.Errorf("re-run: exit %d, %d agents\n%s\n%s", code, api.Len(), o, e)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestAgentsApply_interruptDuringLastRow: Ctrl-C once every row has
// started leaves nothing undone: apply says so and exits 0 (it exited 1,
// and scripts took a finished apply for a failed one).
//
// In a synctest bubble: the writes' time in flight (inFlight) runs on
// the bubble's clock.
func TestAgentsApply_interruptDuringLastRow(t *testing.T) {
	synctest.Test(t, agentsApplyInterruptDuringLastRow)
}

func agentsApplyInterruptDuringLastRow(t *testing.T) {
	signal := fakeSignals(t)
	api := &slowAgents{Agents: importertest.NewAgents()}
	api.before = func(ctx context.Context, n int) error {
		if n == 20 {
			signal(os.Interrupt)
			return inFlight(ctx)
		}
		return nil
	}
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	code, o, e := runCLI("agents", "apply", demoRoster, "--concurrency", "1", "--endpoint", ep, "--access-token", "t")
	if code != exitOK || api.Len() != 20 || !strings.Contains(o, "Interrupted after every row had started: all of them finished.") {
		t.Errorf("exit %d (want 0), %d agents (want 20):\n%s\n%s", code, api.Len(), o, e)
	}
}
