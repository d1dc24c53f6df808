package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestAgentsTemplateExport_existingFile: template and export replaced an
// existing FILE without a word (a week's roster lost by one mistyped
// subcommand). They refuse it, exit 2, naming it and --force, and leave it
// as it was; --force replaces it.
func TestAgentsTemplateExport_existingFile(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	for _, sub := range []string{"template", "export"} {
		t.Run(sub, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "roster.xlsx")
			if err := os.WriteFile(file, []byte("last week's roster"), 0o600); err != nil {
				t.Fatal(err)
			}
			args := []string{"agents", sub, file}
			if sub == "export" {
				args = append(args, "--endpoint", ep, "--access-token", "t")
			}
			code, out, e := runCLI(args...)
			if b, _ := os.ReadFile(file); code != exitUsage || out != "" || string(b) != "last week's roster" ||
				!strings.Contains(e, file+" already exists") || !strings.Contains(e, "--force to replace it") {
				t.Fatalf("exit %d, stdout %q, file %q, stderr:\n%s\nwant exit 2 naming the file and --force, the file kept", code, out, b, e)
			}
			code, out, e = runCLI(append(args, "--force")...)
			if b, _ := os.ReadFile(file); code != exitOK || string(b) == "last week's roster" {
				t.Fatalf("--force: exit %d, stdout %q, stderr %q; want the file replaced", code, out, e)
			}
		})
	}
}

// TestAgentsTemplateExport_badOutputPath: a name not ending in .xlsx or in
// a folder that does not exist failed after the platform was read, exit 1,
// with "unsupported workbook file format" or a temporary file's name. Both
// are refused before anything is read, exit 2, saying what to do; so is
// such a --report of agents apply and sms send.
func TestAgentsTemplateExport_badOutputPath(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// No fake registered: reaching the platform fails the test's way.
	ep := "http://127.0.0.1/" + t.Name()
	conn := []string{"--endpoint", ep, "--access-token", "t"}
	roster := filepath.Join(dir, "r.xlsx")
	if code, _, e := runCLI("agents", "template", roster); code != exitOK {
		t.Fatal(e)
	}
	missing := filepath.Join(dir, "nodir")
	for name, tc := range map[string]struct {
		args []string
		want string
	}{
		"template csv":          {[]string{"agents", "template", filepath.Join(dir, "out.csv")}, "out.csv: the name must end in .xlsx"},
		"export csv":            {append([]string{"agents", "export", filepath.Join(dir, "out.csv")}, conn...), "out.csv: the name must end in .xlsx"},
		"export no folder":      {append([]string{"agents", "export", filepath.Join(missing, "x.xlsx")}, conn...), "x.xlsx: the folder " + missing + " does not exist; create it"},
		"template no folder":    {[]string{"agents", "template", filepath.Join(missing, "x.xlsx")}, "the folder " + missing + " does not exist"},
		"apply --report csv":    {append([]string{"agents", "apply", roster, "--report", filepath.Join(dir, "res.csv")}, conn...), "--report " + filepath.Join(dir, "res.csv") + ": the name must end in .xlsx"},
		"sms send --report csv": {append([]string{"sms", "send", roster, "--template", "1", "--report", filepath.Join(dir, "res.csv")}, conn...), "--report " + filepath.Join(dir, "res.csv") + ": the name must end in .xlsx"},
		"sms send --report dir": {append([]string{"sms", "send", roster, "--template", "1", "--report", filepath.Join(missing, "r.xlsx")}, conn...), "the folder " + missing + " does not exist"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, _, e := runCLI(tc.args...)
			if code != exitUsage || !strings.Contains(e, tc.want) || strings.Contains(e, "no fake backend") || strings.Contains(e, ".tmp") {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and %q, before the platform is asked", code, e, tc.want)
			}
		})
	}
	// Every workbook the library writes and ccsync reads (an export to
	// .xlsm was refused, where it worked and plan read it back).
	for _, name := range []string{"UPPER.XLSX", "macros.xlsm", "t.xltx", "t.xltm"} {
		if code, _, e := runCLI("agents", "template", filepath.Join(dir, name)); code != exitOK {
			t.Errorf("%s refused: %s", name, e)
		}
	}
}

// TestInputWorkbookFolder: a folder given as the workbook of agents plan,
// agents apply or sms send read "is empty (0 bytes), not a workbook". It
// is told as a folder, exit 2, before the platform is asked.
func TestInputWorkbookFolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	conn := []string{"--endpoint", "http://127.0.0.1/" + t.Name(), "--access-token", "t"}
	for _, args := range [][]string{
		{"agents", "plan", dir},
		{"agents", "apply", dir},
		{"sms", "send", dir, "--template", "1"},
	} {
		code, _, e := runCLI(append(args, conn...)...)
		if code != exitUsage || !strings.Contains(e, dir+" is a folder, not a workbook") {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant exit 2, %q", args[:2], code, e, dir+" is a folder, not a workbook")
		}
	}
}

// TestReportExists: a --report naming a file that exists (another roster,
// last week's list, the report of the run before) was replaced without a
// word once the run was done. sms send and agents apply refuse it, exit 2,
// naming the file and --force, before anything is sent or written; the
// file is left as it was; --force replaces it.
func TestReportExists(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := importertest.NewSender()
	api := importertest.NewAgents()
	ep := fakeEndpoint(t, importer.Backend{Open: s, Agents: api})
	conn := []string{"--endpoint", ep, "--access-token", "t"}
	roster := filepath.Join(dir, "roster.xlsx")
	if code, _, e := runCLI("agents", "template", roster); code != exitOK {
		t.Fatal(e)
	}
	for name, args := range map[string][]string{
		"sms send":         append([]string{"sms", "send", demoRecipients, "--template", "7", "--journal", filepath.Join(dir, "j")}, conn...),
		"sms send dry run": append([]string{"sms", "send", demoRecipients, "--template", "7", "--dry-run", "--journal", filepath.Join(dir, "j2")}, conn...),
		"agents apply":     append([]string{"agents", "apply", roster}, conn...),
	} {
		t.Run(name, func(t *testing.T) {
			sent := s.Batches
			report := filepath.Join(t.TempDir(), "mine.xlsx")
			if err := os.WriteFile(report, []byte("the user's own workbook"), 0o600); err != nil {
				t.Fatal(err)
			}
			code, out, e := runCLI(append(args, "--report", report)...)
			if b, _ := os.ReadFile(report); code != exitUsage || string(b) != "the user's own workbook" ||
				!strings.Contains(e, "--report "+report+" already exists") || !strings.Contains(e, "add --force to replace it") {
				t.Fatalf("exit %d, file %q, stdout:\n%s\nstderr:\n%s\nwant exit 2 naming the file and --force, the file kept", code, b, out, e)
			}
			if n := s.Batches; n != sent {
				t.Fatalf("%d batches sent before the refusal", n-sent)
			}
			code, out, e = runCLI(append(args, "--report", report, "--force")...)
			if b, _ := os.ReadFile(report); code != exitOK || string(b) == "the user's own workbook" {
				t.Fatalf("--force: exit %d, stdout %q, stderr %q; want the report written over the file", code, out, e)
			}
		})
	}
}

// A run that ends asking to be run again (here: a row the platform
// refused) says, where it names its report, that running the same command
// again needs --force for that report, which the next run then refuses
// without it; a run that needs no second one names the report alone.
func TestReportLine_runAgainNeedsForce(t *testing.T) {
	t.Parallel()
	list, _, err := importer.ReadRecipients(demoRecipients, []string{"name", "date"}, "open")
	if err != nil || len(list.Rows) == 0 {
		t.Fatalf("read %s: %v", demoRecipients, err)
	}
	s := importertest.NewSender()
	s.Invalid[list.Rows[0].Mobile] = "invalid number"
	ep := fakeEndpoint(t, importer.Backend{Open: s})
	dir := t.TempDir()
	report := filepath.Join(dir, "out.xlsx")
	send := []string{"sms", "send", demoRecipients, "--template", "7", "--journal", filepath.Join(dir, "j"),
		"--endpoint", ep, "--access-token", "t", "--report", report}
	code, out, e := runCLI(send...)
	if want := "Report: " + report + " (a run again with the same --report needs --force to replace it"; code != exitFailures || !strings.Contains(out, want) {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 1 and %q", code, out, e, want)
	}
	if code, _, e := runCLI(send...); code != exitUsage || !strings.Contains(e, "add --force") {
		t.Fatalf("the run again without --force: exit %d, stderr %q; want the report refused", code, e)
	}
	delete(s.Invalid, list.Rows[0].Mobile)
	code, out, e = runCLI(append(send, "--force")...)
	if code != exitOK || !strings.Contains(out, "Report: "+report+"\n") {
		t.Fatalf("the run again with --force: exit %d, stdout:\n%s\nstderr:\n%s\nwant the report named alone", code, out, e)
	}
}
