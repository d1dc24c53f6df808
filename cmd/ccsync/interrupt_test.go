package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// interruptedAtFirstCall serves origin (a simulator) but, at the first API
// call, delivers an interrupt and holds the call until the client gives it
// up or a second has passed (the way Ctrl-C meets a request in flight).
// It serves in process (inProcessEndpoint): call it in a synctest bubble,
// where that second runs on the bubble's clock.
func interruptedAtFirstCall(t *testing.T, signal func(os.Signal), origin http.Handler) string {
	t.Helper()
	var n atomic.Int32
	return inProcessEndpoint(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/_sim/") {
			origin.ServeHTTP(w, r)
			return
		}
		if n.Add(1) > 1 {
			origin.ServeHTTP(w, r)
			return
		}
		signal(os.Interrupt)
		select {
		case <-r.Context().Done():
		case <-time.After(time.Second): // a read shared between callers is let finish
			origin.ServeHTTP(w, r)
		}
	}))
}

// assertInterrupted checks what a command an interrupt stopped before its
// first write says: the given sentence after the command's name, not Go's
// "context canceled", exit 1; with --output json, the sentence as the one
// JSON document's error.
func assertInterrupted(t *testing.T, json bool, code int, o, e, name, want string) {
	t.Helper()
	if code != exitFailures {
		t.Errorf("exit %d, want %d", code, exitFailures)
	}
	if !strings.Contains(e, name+": "+want) || strings.Contains(o+e, "context canceled") {
		t.Errorf("stderr does not say %q (or says context canceled):\n%s\nstdout: %s", name+": "+want, e, o)
	}
	if json {
		assertJSONError(t, o, want)
	}
}

func assertJSONError(t *testing.T, o, want string) {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(o), &doc); err != nil {
		t.Fatalf("stdout is no JSON document (%v): %q", err, o)
	}
	if msg, _ := doc["error"].(string); !strings.Contains(msg, want) || len(doc) != 1 {
		t.Errorf("stdout %s, want {\"error\": ...%q...}", o, want)
	}
}

// TestAgentsPlan_interruptSaysSo: Ctrl-C while plan reads the platform
// printed "list agents: context canceled"; it says what happened and
// that nothing was written, exit 1, in text and JSON.
func TestAgentsPlan_interruptSaysSo(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		for _, out := range []string{"text", "json"} {
			signal := fakeSignals(t)
			url := interruptedAtFirstCall(t, signal, newSim(t))
			code, o, e := runCLI("agents", "plan", demoRoster, "--output", out, "--endpoint", url, "--access-token", "sim-token")
			assertInterrupted(t, out == "json", code, o, e, "ccsync agents plan", "interrupted while planning; nothing was written")
		}
	})
}

// TestAgentsExport_interruptSaysSo: likewise agents export, which writes
// no workbook.
func TestAgentsExport_interruptSaysSo(t *testing.T) {
	synctest.Test(t, agentsExportInterruptSaysSo)
}

func agentsExportInterruptSaysSo(t *testing.T) {
	signal := fakeSignals(t)
	url := interruptedAtFirstCall(t, signal, newSim(t))
	file := filepath.Join(t.TempDir(), "out.xlsx")
	code, o, e := runCLI("agents", "export", file, "--output", "json", "--endpoint", url, "--access-token", "sim-token")
	assertInterrupted(t, true, code, o, e, "ccsync agents export", "interrupted while reading from the platform; nothing was written")
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("%s was written (%v)", file, err)
	}
}

// TestExportTerraform_interruptSaysSo: Ctrl-C during export terraform
// printed "listing webhooks: context canceled", then "Nothing was written."
func TestExportTerraform_interruptSaysSo(t *testing.T) {
	synctest.Test(t, exportTerraformInterruptSaysSo)
}

func exportTerraformInterruptSaysSo(t *testing.T) {
	for _, out := range []string{"text", "json"} {
		signal := fakeSignals(t)
		url := interruptedAtFirstCall(t, signal, newSim(t))
		dir := filepath.Join(t.TempDir(), "tf")
		code, o, e := runCLI("export", "terraform", dir, "--output", out, "--endpoint", url, "--access-token", "sim-token")
		assertInterrupted(t, out == "json", code, o, e, "ccsync export terraform", "interrupted while reading from the platform; nothing was written")
		if strings.Count(e, "othing was written") != 1 {
			t.Errorf("stderr should say once that nothing was written:\n%s", e)
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Errorf("%s holds %d files", dir, len(entries))
		}
	}
}

// slowTemplate holds the template lookup until it is aborted.
type slowTemplate struct {
	*importertest.Sender
	before func(ctx context.Context) error
}

func (s *slowTemplate) TemplateParams(ctx context.Context, id string) ([]string, error) {
	if err := s.before(ctx); err != nil {
		return nil, err
	}
	return s.Sender.TemplateParams(ctx, id)
}

// TestSMSSend_interruptBeforeTheFirstBatch: two Ctrl-C while sms send
// looks the template up ended with "--template 7: context canceled"; it
// says nothing was sent, exit 1.
func TestSMSSend_interruptBeforeTheFirstBatch(t *testing.T) {
	signal := fakeSignals(t)
	s := &slowTemplate{Sender: importertest.NewSender()}
	s.before = func(ctx context.Context) error {
		signal(os.Interrupt)
		signal(os.Interrupt)
		return untilAborted(t, ctx, "template lookup")
	}
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	code, o, e := runSMSCmd("send", demoRecipients, "--template", "7", "--output", "json", "--journal", filepath.Join(t.TempDir(), "j"), "--endpoint", ep, "--access-token", "t")
	assertInterrupted(t, true, code, o, e, "ccsync sms send", "interrupted before the first batch; nothing was sent")
	if s.Batches != 0 {
		t.Errorf("sent %d batches", s.Batches)
	}
}

// TestSMSStatusPull_interruptSaysSo: Ctrl-C during a pull lets that pull
// finish (its records are written) and sends no further pull; pull says
// so and exits 1. With --kind delivery it exited 0 saying only
// "delivery: 0 records"; with --kind all it went on to the replies and
// printed "reply: context canceled".
func TestSMSStatusPull_interruptSaysSo(t *testing.T) {
	for _, kind := range []string{"delivery", "all"} {
		signal := fakeSignals(t)
		e := newSMSEnv(t)
		e.send(t, 3)
		var pulls atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.Contains(r.URL.Path, "/pull/") && pulls.Add(1) == 1 {
				signal(os.Interrupt)
				time.Sleep(100 * time.Millisecond) // the pull in flight is let finish
			}
			e.sim.ServeHTTP(w, r)
		}))
		t.Cleanup(srv.Close)
		out := filepath.Join(t.TempDir(), "status.jsonl")
		code, o, errOut := runCLI("sms", "status", "pull", "--kind", kind, "--out", out, "--endpoint", srv.URL, "--app-id", "sim-app", "--app-key", "sim-key")
		if code != exitFailures || pulls.Load() != 1 || strings.Contains(errOut, "context canceled") {
			t.Errorf("--kind %s: exit %d (want 1), %d pulls (want 1)\n%s\n%s", kind, code, pulls.Load(), o, errOut)
		}
		for _, want := range []string{"delivery: 3 records",
			"ccsync sms status pull: interrupted: every record taken off the gateway's queue is written; no further pull was sent, and the records still queued stay there: run pull again to take them"} {
			if !strings.Contains(errOut, want) {
				t.Errorf("--kind %s: stderr lacks %q:\n%s", kind, want, errOut)
			}
		}
		if n := len(readLines(t, out)); n != 3 {
			t.Errorf("--kind %s: %d records written, want 3", kind, n)
		}
	}
}

// newSim is an empty simulator.
func newSim(t *testing.T) *simulator.Server {
	t.Helper()
	sim, err := simulator.New(simulator.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sim.Wait)
	return sim
}
