package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A --log inside the folder export terraform writes: into a new or empty
// folder the export said "is not empty (1 entries)", the log it had just
// created there (and left it behind); with --force, a log named as one of
// the export's files was replaced by it.
func TestExportCommand_logInsideDir(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	conn := []string{"--endpoint", origin, "--access-token", "sim-token", "--kinds", "agents,webhooks"}

	empty := filepath.Join(t.TempDir(), "cc")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(empty, "api.log")
	code, out, errOut := runCLI(append([]string{"export", "terraform", empty, "--log", log, "--output", "json"}, conn...)...)
	if code != exitUsage || !strings.Contains(errOut, "--log "+log+" is inside "+empty) || !strings.Contains(out, `"error"`) {
		t.Fatalf("log inside an empty DIR: exit %d, want 2 naming --log\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if strings.Contains(errOut, "not empty (1 entries)") {
		t.Errorf("the refusal blames the folder for the log ccsync made: %s", errOut)
	}
	if entries, _ := os.ReadDir(empty); len(entries) != 0 {
		t.Errorf("the refused export left %d entries in %s (the log file)", len(entries), empty)
	}

	// With --force, a log where the export writes (agents.tf) is refused,
	// before anything is written; one beside the files works and is kept.
	forced := filepath.Join(t.TempDir(), "cc")
	if code, out, errOut := runCLI(append([]string{"export", "terraform", forced}, conn...)...); code != 0 {
		t.Fatalf("first export: exit %d\n%s\n%s", code, out, errOut)
	}
	before, err := os.ReadFile(filepath.Join(forced, "agents.tf"))
	if err != nil {
		t.Fatal(err)
	}
	tfLog := filepath.Join(forced, "agents.tf")
	code, out, errOut = runCLI(append([]string{"export", "terraform", forced, "--force", "--log", tfLog}, conn...)...)
	if code != exitUsage || !strings.Contains(errOut, "--log "+tfLog+" is where the export writes its files") {
		t.Fatalf("--force with --log agents.tf: exit %d, want 2 naming --log\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if after, _ := os.ReadFile(tfLog); string(after) != string(before) {
		t.Errorf("the refused export changed agents.tf:\n%s", after)
	}
	beside := filepath.Join(forced, "api.log")
	code, out, errOut = runCLI(append([]string{"export", "terraform", forced, "--force", "--log", beside}, conn...)...)
	if code != 0 {
		t.Fatalf("--force with --log beside the files: exit %d\n%s\n%s", code, out, errOut)
	}
	if st, err := os.Stat(beside); err != nil || st.Size() == 0 {
		t.Errorf("--log %s beside the module's files: %v (want the run's lines)", beside, err)
	}
}
