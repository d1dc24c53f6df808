//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package filelock

import (
	"errors"
	"os"
	"syscall"
)

// Lock takes an exclusive advisory lock (flock) on f without waiting:
// ErrLocked when another open file holds it, nil on a file system
// that has no locks. The lock goes with the open file: closing it, or the
// process ending however it ends, releases it.
func Lock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) //nolint:gosec // G115: a file descriptor fits an int
		switch {
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return ErrLocked
		case errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EOPNOTSUPP):
			// A file system without locks (some network shares): the run
			// goes on unlocked, as every run did before locks.
			return nil
		}
		return err
	}
}
