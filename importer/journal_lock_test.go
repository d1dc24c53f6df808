package importer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/filelock"
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

// TestSend_journalNotLockedIsSaid: on a file system without locks (flock's
// ENOLCK, EOPNOTSUPP) the send went on without a word, as if its journal
// were locked, and with ENOSYS or EINVAL it failed ("lock journal …"). It
// goes on and tells SendOptions.NotLocked, once, before sending. Not
// parallel: it replaces the lock.
func TestSend_journalNotLockedIsSaid(t *testing.T) {
	old := lockFile
	t.Cleanup(func() { lockFile = old })
	lockFile = func(*os.File) error { return fmt.Errorf("%w (flock: %w)", filelock.ErrNoLocks, syscall.ENOSYS) }
	list, probs, err := ReadRecipients(recipientsBook(t, 3), []string{"name", "date"}, "open")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, problemLines(probs))
	}
	jpath := filepath.Join(t.TempDir(), "send.journal")
	s := newFakeSender()
	var told []string
	opts := SendOptions{TemplateID: "7", Journal: jpath, NotLocked: func(journal string, err error) {
		told = append(told, fmt.Sprintf("%s: %v (sent %d)", journal, err, len(s.sent)))
	}}
	if _, err := Send(t.Context(), s, list, opts); err != nil {
		t.Fatalf("send: %v", err)
	}
	want := []string{jpath + ": its file system takes no locks (flock: function not implemented) (sent 0)"}
	if !slices.Equal(told, want) || len(s.sent) != 3 {
		t.Errorf("told %q, sent %d; want %q and 3 sent", told, len(s.sent), want)
	}
	// A dry run takes no lock and says nothing.
	told = nil
	opts.DryRun = true
	if _, err := Send(t.Context(), s, list, opts); err != nil || told != nil {
		t.Errorf("dry run: %v, told %q", err, told)
	}
}
