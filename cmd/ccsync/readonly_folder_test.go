package main

import (
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// readOnlyFolder is a folder the test cannot write to, as a CI job's
// read-only checkout; the test is skipped where permissions do not stop
// the user (root, Windows).
func readOnlyFolder(t *testing.T, files ...string) string {
	t.Helper()
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs a user whose writes folder permissions refuse (not root)")
	}
	dir := t.TempDir()
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(dir, 0o755) }) // so that TempDir removes it
	return dir
}

// closedEndpoint is an origin nothing listens on: a run that reads the
// platform before its checks fails there (exit 1, "connection refused").
func closedEndpoint(t *testing.T) string {
	t.Helper()
	ln, err := new(net.ListenConfig).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	origin := "http://" + ln.Addr().String()
	ln.Close()
	return origin
}

// TestExportCommand_readOnlyFolder: an export into a folder that takes no
// new folder is refused before the platform is read, naming the folder
// (it read everything, then failed with "mkdir ./.out.ccsync-620477530:
// permission denied").
func TestExportCommand_readOnlyFolder(t *testing.T) {
	dir := readOnlyFolder(t)
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI("export", "terraform", out, "--endpoint", closedEndpoint(t), "--access-token", "t")
	want := "ccsync export terraform: " + out + ": the folder " + dir + " does not take a new folder ("
	if code != exitUsage || !strings.Contains(stderr, want) || !strings.Contains(stderr, "export into a folder you can write to (nothing was read or written)") {
		t.Errorf("exit %d, want %d and %q:\n%s", code, exitUsage, want, stderr)
	}
}

// TestSMSSend_journalFolderReadOnly: a send whose journal cannot be kept
// (the workbook in a read-only folder, the default journal beside it) is
// refused before the platform is read, saying it is the journal and which
// flag names another (it said only "open recipients.xlsx.send-7-open.journal:
// permission denied"); a dry run, which writes nothing, still runs its checks.
func TestSMSSend_journalFolderReadOnly(t *testing.T) {
	dir := readOnlyFolder(t, demoRecipients)
	book := filepath.Join(dir, filepath.Base(demoRecipients))
	code, _, stderr := runSMSCmd("send", book, "--template", "7", "--endpoint", closedEndpoint(t), "--access-token", "t")
	want := "ccsync sms send: the journal " + book + ".send-7-open.journal (by default beside the workbook; --journal names another file): the folder " + dir + " does not take a new file ("
	if code != exitUsage || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, want %d and %q:\n%s", code, exitUsage, want, stderr)
	}
	journal := filepath.Join(dir, "old.journal")
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(journal, nil, 0o444); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runSMSCmd("send", book, "--template", "7", "--journal", journal, "--endpoint", closedEndpoint(t), "--access-token", "t")
	want = "ccsync sms send: --journal " + journal + " cannot be written ("
	if code != exitUsage || !strings.Contains(stderr, want) || !strings.Contains(stderr, "name a --journal file you can write to (nothing was sent)") {
		t.Errorf("read-only journal: exit %d, want %d and %q:\n%s", code, exitUsage, want, stderr)
	}
	// A dry run writes no journal: it goes on to read the template.
	code, _, stderr = runSMSCmd("send", book, "--template", "7", "--journal", journal, "--dry-run", "--endpoint", closedEndpoint(t), "--access-token", "t")
	if code != exitFailures || strings.Contains(stderr, "journal") {
		t.Errorf("dry run: exit %d, want %d (the platform cannot be reached):\n%s", code, exitFailures, stderr)
	}
}
