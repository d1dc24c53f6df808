package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// With --output json, a run that cannot start still prints one JSON
// document on stdout, {"error": "..."}, as export terraform does, and keeps
// its exit code: before, stdout was empty and a script reading it failed
// on the parse rather than on the error.
func TestOutputJSON_errorWhenTheRunCannotStart(t *testing.T) {
	t.Parallel()
	s := importertest.NewSender()
	ep := fakeEndpoint(t, importer.Backend{Open: s, Agents: importertest.NewAgents()})
	dir := t.TempDir()
	rec := demoRecipientsCopy(t) // some cases send without --journal
	roster := "../../examples/spreadsheets/agents.xlsx"
	csv := filepath.Join(dir, "list.csv")
	if err := os.WriteFile(csv, []byte("mobile,name\n13800138000,Ann\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "absent.xlsx")
	down := []string{"--endpoint", "http://127.0.0.1:1", "--access-token", "t", "--request-timeout", "2s"}
	up := []string{"--endpoint", ep, "--access-token", "t"}
	journal := func() []string { return []string{"--journal", filepath.Join(t.TempDir(), "j")} }
	for name, tc := range map[string]struct {
		args []string
		code int
		err  string // in the JSON error
	}{
		"send, unreachable":       {append(append([]string{"sms", "send", rec, "--template", "7"}, journal()...), down...), 1, "connection refused"},
		"send, unknown template":  {append(append([]string{"sms", "send", rec, "--template", "99"}, journal()...), up...), 2, "template 99 does not exist"},
		"send, missing file":      {append(append([]string{"sms", "send", missing, "--template", "7"}, journal()...), up...), 2, "absent.xlsx"},
		"send, CSV":               {append(append([]string{"sms", "send", csv, "--template", "7"}, journal()...), up...), 2, "a text file (CSV?)"},
		"send, no template":       {append([]string{"sms", "send", rec}, up...), 2, "--template is required"},
		"send, batch size":        {append([]string{"sms", "send", rec, "--template", "7", "--batch-size", "500"}, up...), 2, "--batch-size must be 1 to 200, got 500"},
		"send, report clash":      {append([]string{"sms", "send", rec, "--template", "7", "--report", rec}, up...), 2, "--report"},
		"plan, unreachable":       {append([]string{"agents", "plan", roster}, down...), 1, "connection refused"},
		"plan, missing file":      {append([]string{"agents", "plan", missing}, up...), 2, "absent.xlsx"},
		"apply, CSV":              {append([]string{"agents", "apply", csv}, up...), 2, "a text file (CSV?)"},
		"apply, bad prune":        {append([]string{"agents", "apply", roster, "--prune", "all"}, up...), 2, "--prune must be none, resign or delete"},
		"export, unreachable":     {append([]string{"agents", "export", filepath.Join(dir, "out.xlsx")}, down...), 1, "connection refused"},
		"export terraform, kinds": {append([]string{"export", "terraform", filepath.Join(dir, "tf"), "--kinds", "pigeons"}, up...), 2, "pigeons"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, o, e := runCLI(append(tc.args, "--output", "json")...)
			var doc map[string]any
			if err := json.Unmarshal([]byte(o), &doc); err != nil {
				t.Fatalf("exit %d; stdout is no JSON document (%v): %q\nstderr: %s", code, err, o, e)
			}
			msg, _ := doc["error"].(string)
			if code != tc.code || !strings.Contains(msg, tc.err) || len(doc) != 1 {
				t.Errorf("exit %d (want %d), stdout %s, want {\"error\": ...%q...}\nstderr: %s", code, tc.code, o, tc.err, e)
			}
			if !strings.Contains(e, tc.err) {
				t.Errorf("stderr does not say it: %s", e)
			}
		})
	}
	if s.Batches != 0 {
		t.Errorf("sent %d batches", s.Batches)
	}
}

// A report that cannot be written fails the run (exit 1), but what was
// sent is still printed: before, the run stopped with nothing on stdout
// although the messages had gone out.
//
// A missing folder is now refused before the first send
// (TestAgentsTemplateExport_badOutputPath); the write fails here as a disk
// that fills up during the run would make it. Not parallel: it replaces
// writeSendReport.
func TestSMSSend_reportNotWrittenStillSaysWhatWasSent(t *testing.T) {
	s := importertest.NewSender()
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	dir := t.TempDir()
	rec := "../../examples/spreadsheets/recipients.xlsx"
	report := filepath.Join(dir, "r.xlsx")
	writeSendReport = func(string, []string, []importer.SendResult) error { return errors.New("no space left on device") }
	t.Cleanup(func() { writeSendReport = importer.WriteSendReport })
	code, o, e := runSMSCmd("send", rec, "--template", "7", "--journal", filepath.Join(dir, "j"), "--report", report, "--output", "json", "--endpoint", ep, "--access-token", "t")
	var res struct {
		Counts map[string]int `json:"counts"`
		Error  string         `json:"error"`
	}
	if err := json.Unmarshal([]byte(o), &res); err != nil || code != 1 || res.Counts["sent"] != 24 || !strings.Contains(res.Error, "write report") {
		t.Fatalf("exit %d %v\n%s\n%s", code, err, o, e)
	}
	code, o, e = runSMSCmd("send", rec, "--template", "7", "--journal", filepath.Join(dir, "j"), "--report", report, "--endpoint", ep, "--access-token", "t")
	if code != 1 || !strings.Contains(o, "24 already sent") || !strings.Contains(o, "Report not written: write report") || strings.Contains(o, "Stopped") {
		t.Errorf("text: exit %d\n%s\n%s", code, o, e)
	}
}

// agents apply likewise: a report that cannot be written was counted as a
// failed row, and the run still printed "Report: <path>". A missing folder
// is now refused before the first write (TestAgentsApply_reportCheckedFirst);
// the write fails here as a disk that fills up during the run would make it.
// Not parallel: it replaces writeResults, which the parallel tests read
// only once every test that is not parallel has finished.
func TestAgentsApply_reportNotWritten(t *testing.T) {
	api := importertest.NewAgents()
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	report := filepath.Join(t.TempDir(), "r.xlsx")
	writeResults = func(string, []importer.Result) error { return errors.New("no space left on device") }
	t.Cleanup(func() { writeResults = importer.WriteResults })
	code, o, e := runCLI("agents", "apply", demoRoster, "--yes", "--report", report, "--output", "json", "--endpoint", ep, "--access-token", "t")
	var res struct {
		Failed int    `json:"failed"`
		Error  string `json:"error"`
	}
	if err := json.Unmarshal([]byte(o), &res); err != nil || code != 1 || res.Failed != 0 || !strings.Contains(res.Error, "write report") {
		t.Fatalf("exit %d %v\n%s\n%s", code, err, o, e)
	}
	code, o, e = runCLI("agents", "apply", demoRoster, "--yes", "--report", report, "--endpoint", ep, "--access-token", "t")
	if code != 1 || !strings.Contains(o, "Report not written: write report") || strings.Contains(o, "Report: ") {
		t.Errorf("text: exit %d\n%s\n%s", code, o, e)
	}
}

// TestAgentsApply_reportCheckedFirst: --report naming a folder that does
// not exist applied every row and then said "Report not written" (exit 1):
// the record of the run was lost. The destination is checked before the
// first write: a missing folder, a file where the folder should be and a
// folder named as the report stop the run with exit 2 and nothing written.
func TestAgentsApply_reportCheckedFirst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct{ report, want string }{
		"no folder": {filepath.Join(dir, "nodir", "r.xlsx"), "--report " + filepath.Join(dir, "nodir", "r.xlsx") + ": the folder " + filepath.Join(dir, "nodir") +
			" does not exist; create it or name a file in a folder that exists (nothing was written)"},
		"file as folder": {filepath.Join(dir, "file", "r.xlsx"), "--report " + filepath.Join(dir, "file", "r.xlsx") + ": " + filepath.Join(dir, "file") +
			" is a file, not a folder; name a file in a folder that exists (nothing was written)"},
		"a folder": {dir, "--report " + dir + " is a folder; name a file (OUT.xlsx) to write (nothing was written)"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			api := importertest.NewAgents()
			ep := fakeEndpoint(t, importer.Backend{Agents: api})
			code, o, e := runCLI("agents", "apply", demoRoster, "--yes", "--report", tc.report, "--output", "json", "--endpoint", ep, "--access-token", "t")
			var res struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal([]byte(o), &res); err != nil || code != 2 || api.Writes != 0 || res.Error != tc.want || !strings.Contains(e, tc.want) {
				t.Errorf("exit %d, writes %d, %v\nstdout %s\nstderr %s\nwant exit 2, no write, error %q", code, api.Writes, err, o, e, tc.want)
			}
		})
	}
}
