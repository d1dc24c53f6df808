//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package filelock

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// flock is the system call; tests replace it.
var flock = syscall.Flock

// Lock takes an exclusive advisory lock (flock) on f without waiting:
// ErrLocked when another open file holds it, an error wrapping ErrNoLocks
// on a file system that has no locks. The lock goes with the open file:
// closing it, or the process ending however it ends, releases it.
func Lock(f *os.File) error {
	for {
		err := flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) //nolint:gosec // G115: a file descriptor fits an int
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return ErrLocked
		case noLocks(err):
			return fmt.Errorf("%w (flock: %w)", ErrNoLocks, err)
		}
		return err
	}
}

// Unlock releases f's lock, before f is closed. Closing f alone does not
// release it while a copy of f's descriptor lives on: a process being
// started (fork, then exec) holds a copy of every open file of its parent
// until its exec closes them, and the lock goes with the open file, not
// the descriptor (flock(2): released by "an explicit LOCK_UN operation on
// any of these duplicate file descriptors, or when all such file
// descriptors have been closed"). Without it, a journal that one Send of a
// process closed was still locked for the next, refused as in use by
// "another ccsync run", whenever the process started another at the time.
// An error wrapping ErrNoLocks (no lock was taken) is not an error here.
func Unlock(f *os.File) error {
	for {
		err := flock(int(f.Fd()), syscall.LOCK_UN) //nolint:gosec // G115: a file descriptor fits an int
		switch {
		case err == nil, noLocks(err):
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		}
		return err
	}
}

// noLocks reports whether flock's error means the file system takes no
// locks: ENOLCK (NFS without its lock service), EOPNOTSUPP and ENOTSUP
// (two numbers on darwin and the BSDs: SMB shares answer ENOTSUP), ENOSYS
// (not implemented) and EINVAL (an object that cannot be locked: the
// operation itself is always a valid one, on a file opened for writing).
func noLocks(err error) bool {
	for _, no := range []syscall.Errno{syscall.ENOLCK, syscall.EOPNOTSUPP, syscall.ENOTSUP, syscall.ENOSYS, syscall.EINVAL} {
		if errors.Is(err, no) {
			return true
		}
	}
	return false
}
