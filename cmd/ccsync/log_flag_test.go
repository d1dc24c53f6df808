package main

import (
	"bufio"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readLog reads a --log file: one JSON object per line.
func readLog(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l map[string]any
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("not a JSON line: %v: %s", err, sc.Text())
		}
		lines = append(lines, l)
	}
	return lines
}

// checkLog: the file holds a line per request of the run, with the
// method, path, status and attempt, and no secret.
func checkLog(t *testing.T, path, wantPath string, secrets ...string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range secrets {
		if strings.Contains(string(raw), s) {
			t.Errorf("log carries secret %q", s)
		}
	}
	lines := readLog(t, path)
	found := false
	for _, l := range lines {
		if l["msg"] == "contactcenter API request" && l["path"] == wantPath && l["status"] == float64(200) && l["attempt"] == float64(1) && l["time"] != nil {
			found = true
		}
	}
	if !found {
		t.Errorf("no line for %s in %d lines:\n%s", wantPath, len(lines), raw)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("log file mode %v (%v), want 0600", fi.Mode(), err)
	}
}

// --log writes the client's log lines, for each command that calls the
// platform: the open and portal surfaces (export terraform, agents export)
// and the gateway (sms status pull).
func TestLogFlag(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	dir := t.TempDir()

	log := filepath.Join(dir, "export.log")
	code, out, e := runCLI("export", "terraform", filepath.Join(dir, "tf"), "--endpoint", origin, "--access-token", "sim-token",
		"--kinds", "agents", "--log", log)
	if code != 0 {
		t.Fatalf("export: %d\n%s\n%s", code, out, e)
	}
	checkLog(t, log, "/v3/svcapi/users/list", "sim-token")

	log = filepath.Join(dir, "agents.log")
	code, out, e = runCLI("agents", "export", filepath.Join(dir, "a.xlsx"), "--endpoint", origin, "--access-token", "sim-token", "--log", log)
	if code != 0 {
		t.Fatalf("agents export: %d\n%s\n%s", code, out, e)
	}
	checkLog(t, log, "/v3/svcapi/users/list", "sim-token")

	srv := httptest.NewServer(newSim(t))
	t.Cleanup(srv.Close)
	log = filepath.Join(dir, "pull.log")
	code, out, e = runCLI("sms", "status", "pull", "--out", filepath.Join(dir, "s.jsonl"), "--endpoint", srv.URL, "--app-id", "sim-app", "--app-key", "sim-key", "--log", log)
	if code != 0 {
		t.Fatalf("sms status pull: %d\n%s\n%s", code, out, e)
	}
	checkLog(t, log, "/pull/v1/down_status", "sim-key")

	// A file that cannot be written is a usage error, before any request.
	code, _, e = runCLI("export", "terraform", filepath.Join(dir, "tf2"), "--endpoint", origin, "--access-token", "sim-token", "--log", dir)
	if code != exitUsage || !strings.Contains(e, "--log") {
		t.Errorf("--log DIR: exit %d\n%s", code, e)
	}
	// "-" is not a file name here (it made a file named "-" in the
	// working folder, where --out - means stdout).
	code, _, e = runCLI("export", "terraform", filepath.Join(dir, "tf3"), "--endpoint", origin, "--access-token", "sim-token", "--log", "-")
	if code != exitUsage || !strings.Contains(e, "--log -: name a file") {
		t.Errorf("--log -: exit %d\n%s", code, e)
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error(`--log - made a file named "-"`)
	}
}

// CCSYNC_LOG names the file when --log is not given.
func TestLogFlag_env(t *testing.T) {
	origin := exportSim(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "env.log")
	t.Setenv("CCSYNC_LOG", log)
	code, out, e := runCLI("export", "terraform", filepath.Join(dir, "tf"), "--endpoint", origin, "--access-token", "sim-token", "--kinds", "agents")
	if code != 0 {
		t.Fatalf("export: %d\n%s\n%s", code, out, e)
	}
	checkLog(t, log, "/v3/svcapi/users/list", "sim-token")

	// A file it cannot open is told as the variable's (it said "--log: …",
	// a flag the job never passed).
	t.Setenv("CCSYNC_LOG", filepath.Join(dir, "no-such-folder", "env.log"))
	code, _, e = runCLI("agents", "plan", demoRoster, "--endpoint", origin, "--access-token", "sim-token")
	if code != exitUsage || !strings.Contains(e, "ccsync agents plan: CCSYNC_LOG: open "+filepath.Join(dir, "no-such-folder", "env.log")+": ") {
		t.Errorf("CCSYNC_LOG that cannot be opened: exit %d\n%s", code, e)
	}
}

// Every command that calls the platform names --log in its help.
func TestLogFlag_help(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"agents", "-h"}, {"export", "-h"}, {"sms", "send", "-h"}, {"sms", "status", "pull", "-h"}} {
		_, e, _ := runCLI(args...) // help asked for: stdout
		if !strings.Contains(e, "CCSYNC_LOG") || !strings.Contains(e, "log FILE") {
			t.Errorf("%v: help does not name --log FILE and CCSYNC_LOG:\n%s", args, e)
		}
	}
}
