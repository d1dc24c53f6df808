package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
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
