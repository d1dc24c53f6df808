package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestOutput_openInExcel: on Windows, a --report (or agents export's
// FILE) that Excel had open failed only at the end, "rename .report.xlsx.123.tmp report.xlsx: Access is
// denied.": agents apply had changed the agents and sms send had sent the
// messages, and their record was lost (sms send exited 1 for it). Each is
// refused before the platform is read, exit 2, saying why and what to do.
// Run with GOOS=windows go test -exec wine64 (wine keeps Windows' sharing
// modes; it does not refuse root a read-only file, so that case, whose
// rename fails on Windows as well, is not tested here).
func TestOutput_openInExcel(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	roster := filepath.Join(dir, "roster.xlsx")
	if code, _, e := runCLI("agents", "template", roster); code != exitOK {
		t.Fatal(e)
	}
	conn := []string{"--endpoint", closedEndpoint(t), "--access-token", "t"}
	held := filepath.Join(dir, "报告 report.xlsx")
	if err := os.WriteFile(held, []byte("last run's report"), 0o644); err != nil {
		t.Fatal(err)
	}
	// As Excel opens a workbook it shows: read and write, others may read.
	name, err := syscall.UTF16PtrFromString(held)
	if err != nil {
		t.Fatal(err)
	}
	h, err := syscall.CreateFile(name, syscall.GENERIC_READ|syscall.GENERIC_WRITE, syscall.FILE_SHARE_READ, nil, syscall.OPEN_EXISTING, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.CloseHandle(h) })
	const open = " is open in another program (Excel keeps a workbook it shows open), which keeps it from being replaced; close it there, or name another file (nothing was written)"
	for name, tc := range map[string]struct {
		args []string
		want string
	}{
		"apply --report":     {append([]string{"agents", "apply", roster, "--report", held}, conn...), "--report " + held + open},
		"sms send --report":  {append([]string{"sms", "send", roster, "--template", "1", "--report", held}, conn...), "--report " + held + open},
		"agents export FILE": {append([]string{"agents", "export", held, "--force"}, conn...), held + open},
	} {
		t.Run(name, func(t *testing.T) {
			code, _, e := runCLI(tc.args...)
			if code != exitUsage || !strings.Contains(e, tc.want) || strings.Contains(e, "connection refused") || strings.Contains(e, ".tmp") {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and %q, before the platform is asked", code, e, tc.want)
			}
		})
	}
	if b, err := os.ReadFile(held); err != nil || string(b) != "last run's report" {
		t.Errorf("the held report now reads %q (%v); want it untouched", b, err)
	}
}

// TestExportCommand_voiceFileOpenElsewhere: on Windows an export --force
// whose voice file a media player had open replaced the .tf files, then
// failed on the voice file ("rename ...: Access is denied.") and said
// "Nothing was written.". The held file is found before the first move:
// nothing is written, which is said, with the file and what to do. Run
// with GOOS=windows go test -exec wine64.
func TestExportCommand_voiceFileOpenElsewhere(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Sounds.Upload(t.Context(), client.SoundInput{Name: "Hold", SoundType: 1, FileName: "hold.wav", Content: []byte("RIFF\x04\x00\x00\x00WAVEdata")}); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "导出 tf")
	args := []string{"export", "terraform", dir, "--endpoint", origin, "--access-token", "sim-token", "--force"}
	if code, _, errOut := runCLI(args...); code != exitOK {
		t.Fatal(errOut)
	}
	const mine = "# 1 contactcenter_webhook resource(s), written by `ccsync export terraform`.\n# edited\n"
	if err := os.WriteFile(filepath.Join(dir, "webhooks.tf"), []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	wav := filepath.Join(dir, "sounds", "hold.wav")
	name, _ := syscall.UTF16PtrFromString(wav)
	// As a media player opens the file it plays: others may only read it.
	h, err := syscall.CreateFile(name, syscall.GENERIC_READ, syscall.FILE_SHARE_READ, nil, syscall.OPEN_EXISTING, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.CloseHandle(h) })
	code, _, errOut := runCLI(args...)
	want := wav + ": it is open in another program, which keeps it from being replaced"
	if code != exitFailures || !strings.Contains(errOut, want) || !strings.Contains(errOut, "close it there") || !strings.Contains(errOut, "Nothing was written.") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 1, %q and \"Nothing was written.\"", code, errOut, want)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "webhooks.tf")); string(b) != mine {
		t.Errorf("webhooks.tf was replaced (%q): something was written", b)
	}
}
