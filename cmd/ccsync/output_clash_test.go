package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestOutputClash: --report naming the input workbook replaced the roster
// or the recipient list with the Result sheet, even with --dry-run. It is
// refused (exit 2) before anything is read or sent, and the sheet is left
// as it was; so is a --journal naming the sheet or the report.
func TestOutputClash(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	recipients := filepath.Join(dir, "recipients.xlsx")
	data, err := os.ReadFile(demoRecipients)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(recipients, data, 0o600); err != nil {
		t.Fatal(err)
	}
	s := importertest.NewSender()
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	for name, args := range map[string][]string{
		"report is the sheet":           {"--report", recipients, "--dry-run"},
		"report is the sheet, spelt ./": {"--report", filepath.Join(dir, ".", "recipients.xlsx")},
		"journal is the sheet":          {"--journal", recipients},
		"report and journal, one file":  {"--report", filepath.Join(dir, "out"), "--journal", filepath.Join(dir, "out")},
		// --log appends JSON lines to the file it names.
		"log is the sheet":   {"--log", recipients},
		"log is the journal": {"--log", filepath.Join(dir, "j"), "--journal", filepath.Join(dir, "j")},
	} {
		code, o, e := runSMSCmd(append([]string{"send", recipients, "--template", "7", "--endpoint", ep, "--access-token", "t"}, args...)...)
		if code != exitUsage || (!strings.Contains(e, "is the input workbook itself") && !strings.Contains(e, "name the same file")) {
			t.Errorf("%s: exit %d\n%s\n%s", name, code, o, e)
		}
	}
	if s.Batches != 0 {
		t.Errorf("%d batches sent", s.Batches)
	}
	if after, _ := os.ReadFile(recipients); string(after) != string(data) {
		t.Error("the recipient sheet was changed")
	}
	roster := filepath.Join(dir, "agents.xlsx")
	rdata, err := os.ReadFile("../../examples/spreadsheets/agents.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(roster, rdata, 0o600); err != nil {
		t.Fatal(err)
	}
	var o, e strings.Builder
	if code := run([]string{"agents", "apply", roster, "--report", roster, "--endpoint", ep, "--access-token", "t"}, &o, &e); code != exitUsage ||
		!strings.Contains(e.String(), "--report "+roster+" is the input workbook itself") {
		t.Errorf("agents apply --report FILE: exit %d\n%s\n%s", code, o.String(), e.String())
	}
	for _, args := range [][]string{{"plan", roster, "--log", roster}, {"apply", roster, "--log", roster}, {"apply", roster, "--report", filepath.Join(dir, "r.xlsx"), "--log", filepath.Join(dir, "r.xlsx")}} {
		o.Reset()
		e.Reset()
		if code := run(append([]string{"agents"}, append(args, "--endpoint", ep, "--access-token", "t")...), &o, &e); code != exitUsage ||
			(!strings.Contains(e.String(), "--log "+roster+" is the input workbook itself") && !strings.Contains(e.String(), "--log and --report name the same file")) {
			t.Errorf("agents %q: exit %d\n%s\n%s", args, code, o.String(), e.String())
		}
	}
	if after, _ := os.ReadFile(roster); string(after) != string(rdata) {
		t.Error("the roster was changed")
	}
	// The workbook an export writes, and the records file of a pull, are
	// no log either: the lines were lost, or mixed into the records.
	exported := filepath.Join(dir, "export.xlsx")
	o.Reset()
	e.Reset()
	agentsEP := fakeEndpoint(t, importer.Backend{Agents: importertest.NewAgents()})
	if code := run([]string{"agents", "export", exported, "--log", exported, "--endpoint", agentsEP, "--access-token", "t"}, &o, &e); code != exitUsage ||
		!strings.Contains(e.String(), "--log "+exported+" is the workbook the export writes") {
		t.Errorf("agents export --log FILE FILE: exit %d\n%s\n%s", code, o.String(), e.String())
	}
	records := filepath.Join(dir, "records.jsonl")
	o.Reset()
	e.Reset()
	if code := run([]string{"sms", "status", "pull", "--out", records, "--log", records, "--endpoint", ep, "--sms-app-id", "a", "--sms-app-key", "k"}, &o, &e); code != exitUsage ||
		!strings.Contains(e.String(), "--log and --out name the same file "+records) {
		t.Errorf("sms status pull --out F --log F: exit %d\n%s\n%s", code, o.String(), e.String())
	}
	// A device takes every writer: --log /dev/null --report /dev/null was
	// refused as one file.
	if importer.SameFile(os.DevNull, os.DevNull) {
		t.Errorf("%s taken for one file written twice", os.DevNull)
	}
}

// TestOutputClash_logFromEnv: CCSYNC_LOG naming the roster is refused, and
// the message names the variable (it said --log, which was not given).
func TestOutputClash_logFromEnv(t *testing.T) {
	roster := filepath.Join(t.TempDir(), "agents.xlsx")
	rdata, err := os.ReadFile("../../examples/spreadsheets/agents.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(roster, rdata, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv(logEnv, roster)
	var o, e strings.Builder
	if code := run([]string{"agents", "plan", roster, "--endpoint", "http://127.0.0.1:1", "--access-token", "t"}, &o, &e); code != exitUsage ||
		!strings.Contains(e.String(), "CCSYNC_LOG "+roster+" is the input workbook itself") {
		t.Errorf("agents plan with CCSYNC_LOG naming the roster: exit %d\n%s\n%s", code, o.String(), e.String())
	}
	if after, _ := os.ReadFile(roster); string(after) != string(rdata) {
		t.Error("the roster was changed")
	}
}
