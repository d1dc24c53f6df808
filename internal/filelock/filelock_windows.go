//go:build windows

package filelock

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/windows"
)

// lockFileEx is the system call; tests replace it.
var lockFileEx = windows.LockFileEx

// Lock takes an exclusive lock (LockFileEx) on f without waiting:
// ErrLocked when another open file holds it, an error wrapping ErrNoLocks
// on a file system that takes no locks (noLocks). The lock goes with the
// open handle: closing it, or the process ending however it ends, releases
// it. Windows locks forbid others to read or write the bytes locked, so the
// byte locked is far beyond any file's end: a dry run still reads the
// journal it locks, and appending is not blocked.
func Lock(f *os.File) error {
	ol := lockedByte()
	err := lockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	switch {
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING):
		return ErrLocked
	case noLocks(err):
		return fmt.Errorf("%w (LockFileEx: %w)", ErrNoLocks, err)
	}
	return err
}

// noLocks reports whether LockFileEx's error means the file system takes
// no locks, as flock's ENOTSUP and ENOSYS do on the other systems:
// ERROR_NOT_SUPPORTED, ERROR_INVALID_FUNCTION (a file system driver that
// does not implement the request, as WebDAV and some user-mode file
// systems answer) and ERROR_CALL_NOT_IMPLEMENTED. The run failed on them
// with the system's words, where every other system goes on unlocked and
// says so.
func noLocks(err error) bool {
	for _, no := range []windows.Errno{windows.ERROR_NOT_SUPPORTED, windows.ERROR_INVALID_FUNCTION, windows.ERROR_CALL_NOT_IMPLEMENTED} {
		if errors.Is(err, no) {
			return true
		}
	}
	return false
}

// Unlock releases f's lock, before f is closed: Windows releases the locks
// of a closed handle only "depending upon available system resources"
// (LockFileEx), so a file closed and opened again at once could still be
// found locked.
func Unlock(f *os.File) error {
	err := windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, lockedByte())
	if errors.Is(err, windows.ERROR_NOT_LOCKED) || noLocks(err) {
		return nil // no lock was taken (ErrNoLocks is not an error here)
	}
	return err
}

// lockedByte is the one byte Lock locks.
func lockedByte() *windows.Overlapped {
	return &windows.Overlapped{Offset: 0xFFFFFFFE, OffsetHigh: 0x7FFFFFFF}
}
