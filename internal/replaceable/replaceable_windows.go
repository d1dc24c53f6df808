package replaceable

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// errorSharingViolation is ERROR_SHARING_VIOLATION (winerror.h), not in
// package syscall.
const errorSharingViolation = syscall.Errno(32)

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
