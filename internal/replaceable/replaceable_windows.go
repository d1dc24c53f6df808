package replaceable

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/windows"
)

// errorSharingViolation is ERROR_SHARING_VIOLATION (winerror.h), not in
// package syscall.
const errorSharingViolation = windows.ERROR_SHARING_VIOLATION

// Check returns nil when a rename can replace the existing file at path.
// On Windows, MoveFileEx (os.Rename) fails, "Access is denied.", over a
// file another program has open without sharing its deletion, or a
// read-only one; opening the file for writing fails in both cases too,
// with ERROR_SHARING_VIOLATION or ERROR_ACCESS_DENIED, and tells them
// apart. The open neither truncates nor changes the file.
func Check(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0) //nolint:gosec // G304: a file the caller is about to replace, opened to see whether it can be written
	switch {
	case err == nil:
		return f.Close() // opened for the check only, nothing written
	case errors.Is(err, errorSharingViolation):
		return fmt.Errorf("%w (%w)", ErrOpenElsewhere, err)
	case errors.Is(err, os.ErrPermission):
		return fmt.Errorf("%w (%w)", ErrReadOnly, err)
	}
	return err
}

// errorLockViolation is ERROR_LOCK_VIOLATION (winerror.h).
const errorLockViolation = windows.ERROR_LOCK_VIOLATION

// renameTimeout is how long rename tries again; a var for tests.
var renameTimeout = 2 * time.Second

// rename retries os.Rename while it fails as a file held open for a
// moment makes it fail: ERROR_ACCESS_DENIED (MoveFileEx over a file open
// without FILE_SHARE_DELETE), ERROR_SHARING_VIOLATION and
// ERROR_LOCK_VIOLATION. A file held for longer (Excel's workbook, which
// Check finds first) still fails, after renameTimeout.
func rename(oldpath, newpath string) error {
	start, wait := time.Now(), time.Millisecond
	for {
		err := os.Rename(oldpath, newpath)
		if err == nil || !transient(err) || time.Since(start) >= renameTimeout {
			return err
		}
		time.Sleep(wait)
		wait = min(2*wait, 100*time.Millisecond)
	}
}

func transient(err error) bool {
	return errors.Is(err, syscall.ERROR_ACCESS_DENIED) || errors.Is(err, errorSharingViolation) || errors.Is(err, errorLockViolation)
}
