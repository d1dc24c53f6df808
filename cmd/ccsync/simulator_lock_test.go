package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/filelock"
)

// TestLockStateFile_noLocksWarns: on a file system without locks
// (flock's ENOLCK, ENOSYS, ...), the simulator ran unlocked without a word
// (ENOLCK, EOPNOTSUPP) or refused to start (ENOSYS, EINVAL). It starts and
// says on stderr that the file is not locked.
func TestLockStateFile_noLocksWarns(t *testing.T) {
	t.Parallel()
	state := filepath.Join(t.TempDir(), "sim.json")
	var stderr bytes.Buffer
	noLocks := func(*os.File) error { return fmt.Errorf("%w (flock: %w)", filelock.ErrNoLocks, syscall.ENOSYS) }
	unlock, err := lockStateFile(state, noLocks, &stderr)
	if err != nil {
		t.Fatalf("lockStateFile: %v", err)
	}
	unlock()
	want := "ccsync simulator: warning: --state " + state + " is not locked: " + state + ".lock cannot be locked (its file system takes no locks (flock: function not implemented)); " +
		"a second simulator on the same file is not refused"
	if !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q, want %q…", stderr.String(), want)
	}
}
