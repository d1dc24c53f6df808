package importer

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestJournal_lockedWhileOpen: two overlapping sends on one journal both
// read it before either recorded a batch, and both sent to every number.
// A journal opened to append is locked until it is closed: a second open
// is refused at once, naming the journal, and creates nothing; a dry run
// (read-only) still reads it; once the first is closed it opens again.
func TestJournal_lockedWhileOpen(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "send.journal")
	first, err := openJournal(path, "7", "open", false)
	if err != nil {
		t.Fatal(err)
	}
	if err := first.write(journalRec{Type: "run", Template: "7", Via: "open", Tag: "t1"}); err != nil {
		t.Fatal(err)
	}
	_, err = openJournal(path, "7", "open", false)
	var inUse *JournalInUseError
	if !errors.As(err, &inUse) || inUse.Path != path || !strings.Contains(err.Error(), "another ccsync run is using the journal "+path) ||
		!strings.Contains(err.Error(), "wait for it to finish") {
		t.Fatalf("second open: %v, want a JournalInUseError naming %s", err, path)
	}
	if dry, err := openJournal(path, "7", "open", true); err != nil || dry.f != nil {
		t.Errorf("a dry run's read-only open: %v", err)
	}
	if err := first.close(); err != nil {
		t.Fatal(err)
	}
	// A run refused for another reason (another template's journal)
	// leaves it unlocked.
	if _, err := openJournal(path, "8", "open", false); err == nil || errors.As(err, &inUse) {
		t.Fatalf("another template's run: %v", err)
	}
	second, err := openJournal(path, "7", "open", false)
	if err != nil {
		t.Fatalf("after the first run closed it: %v", err)
	}
	if err := second.close(); err != nil {
		t.Fatal(err)
	}
	// A locked journal that does not exist yet is not created by the run
	// refused (it exists: the run holding it made it), and a refused run
	// writes nothing to it.
	b, err := os.ReadFile(path)
	if err != nil || strings.Count(string(b), "\n") != 1 {
		t.Errorf("journal after the refused open: %q %v", b, err)
	}
}

// TestJournal_lockReleasedMomentsLater: a process being started (fork,
// then exec) holds a copy of every open file for a moment, and with it
// the lock of a journal just closed: a second Send in the same process
// (a parallel test spawning a helper) was refused as "another ccsync run
// is using the journal". A lock released within lockWait is waited for.
func TestJournal_lockReleasedMomentsLater(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "send.journal")
	holder, err := openJournal(path, "7", "open", false)
	if err != nil {
		t.Fatal(err)
	}
	released := make(chan struct{})
	go func() {
		time.Sleep(50 * time.Millisecond)
		_ = holder.close()
		close(released)
	}()
	j, err := openJournal(path, "7", "open", false)
	if err != nil {
		t.Fatalf("a lock released 50 ms later: %v, want the journal opened", err)
	}
	<-released
	_ = j.close()
}
