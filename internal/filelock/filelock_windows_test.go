package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/windows"
)

// TestLock_noLocksIsSaid_windows: a file system that takes no locks (a
// WebDAV drive, some user-mode file systems) answers LockFileEx with
// ERROR_NOT_SUPPORTED or ERROR_INVALID_FUNCTION, which failed the run
// with the system's words where every other system goes on unlocked and
// says so. Each is ErrNoLocks now, naming the system's error; another
// error stays one. Not parallel: it replaces lockFileEx. Run with
// GOOS=windows go test -exec wine64.
func TestLock_noLocksIsSaid_windows(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	old := lockFileEx
	t.Cleanup(func() { lockFileEx = old })
	answer := func(e error) {
		lockFileEx = func(windows.Handle, uint32, uint32, uint32, uint32, *windows.Overlapped) error { return e }
	}
	for _, errno := range []windows.Errno{windows.ERROR_NOT_SUPPORTED, windows.ERROR_INVALID_FUNCTION, windows.ERROR_CALL_NOT_IMPLEMENTED} {
		answer(errno)
		if err := Lock(f); !errors.Is(err, ErrNoLocks) || !errors.Is(err, errno) {
			t.Errorf("LockFileEx %v: Lock = %v, want ErrNoLocks naming it", errno, err)
		}
	}
	answer(windows.ERROR_ACCESS_DENIED)
	if err := Lock(f); errors.Is(err, ErrNoLocks) || !errors.Is(err, windows.ERROR_ACCESS_DENIED) {
		t.Errorf("LockFileEx ERROR_ACCESS_DENIED: Lock = %v, want it, not ErrNoLocks", err)
	}
	answer(windows.ERROR_LOCK_VIOLATION)
	if err := Lock(f); !errors.Is(err, ErrLocked) {
		t.Errorf("LockFileEx ERROR_LOCK_VIOLATION: Lock = %v, want ErrLocked", err)
	}
	// The real lock, on a second open file.
	lockFileEx = old
	if err := Lock(f); err != nil {
		t.Fatal(err)
	}
	g, err := os.Open(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := Lock(g); !errors.Is(err, ErrLocked) {
		t.Errorf("a second open file: Lock = %v, want ErrLocked", err)
	}
	if err := Unlock(f); err != nil {
		t.Fatal(err)
	}
	if err := Lock(g); err != nil {
		t.Errorf("after Unlock: %v", err)
	}
}
