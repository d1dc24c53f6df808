//go:build unix

package importer

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestJournal_closedWhileAProcessStartsIsUnlocked: a process being started
// (fork, then exec) holds a copy of every open file until its exec, for
// longer than lockWait on a loaded machine (CI: a second Send of ccsync's
// tests refused as "another ccsync run is using the journal" while
// parallel tests started simulators). The lock goes with the open file, so
// closing the journal left it locked while the copy lived. A run releases
// the lock before it closes the journal: the next open takes it at once,
// the copy still open. A duplicated descriptor is such a copy.
func TestJournal_closedWhileAProcessStartsIsUnlocked(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "send.journal")
	first, err := openJournal(path, "7", "open", false)
	if err != nil {
		t.Fatal(err)
	}
	child, err := syscall.Dup(int(first.f.Fd())) //nolint:gosec // G115: a file descriptor fits an int
	if err != nil {
		t.Skipf("dup: %v", err)
	}
	defer syscall.Close(child)
	if err := first.close(); err != nil {
		t.Fatal(err)
	}
	second, err := openJournal(path, "7", "open", false)
	if err != nil {
		t.Fatalf("a journal its run closed, a copy of it still open in a process being started: %v, want it opened", err)
	}
	_ = second.close()
}
