//go:build windows

package filelock

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// Lock takes an exclusive lock (LockFileEx) on f without waiting:
// ErrLocked when another open file holds it. The lock goes with the
// open handle: closing it, or the process ending however it ends, releases
// it. Windows locks forbid others to read or write the bytes locked, so the
// byte locked is far beyond any file's end: a dry run still reads the
// journal it locks, and appending is not blocked.
func Lock(f *os.File) error {
	ol := lockedByte()
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return ErrLocked
	}
	return err
}

// Unlock releases f's lock, before f is closed: Windows releases the locks
// of a closed handle only "depending upon available system resources"
// (LockFileEx), so a file closed and opened again at once could still be
// found locked.
func Unlock(f *os.File) error {
	err := windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, lockedByte())
	if errors.Is(err, windows.ERROR_NOT_LOCKED) {
		return nil
	}
	return err
}

// lockedByte is the one byte Lock locks.
func lockedByte() *windows.Overlapped {
	return &windows.Overlapped{Offset: 0xFFFFFFFE, OffsetHigh: 0x7FFFFFFF}
}
