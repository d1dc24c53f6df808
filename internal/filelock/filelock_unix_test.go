//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestLock_noLocksIsSaid: a file system without locks answered ENOLCK or
// EOPNOTSUPP, which Lock took as a lock held (nil: nobody was told that a
// second user would not be refused), and ENOSYS, EINVAL or darwin's ENOTSUP,
// which failed the run as an error. Each is ErrNoLocks now, naming the
// system's error; another error stays one. Not parallel: it replaces flock.
func TestLock_noLocksIsSaid(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	old := flock
	t.Cleanup(func() { flock = old })
	for _, errno := range []syscall.Errno{syscall.ENOLCK, syscall.EOPNOTSUPP, syscall.ENOTSUP, syscall.ENOSYS, syscall.EINVAL} {
		flock = func(int, int) error { return errno }
		err := Lock(f)
		if !errors.Is(err, ErrNoLocks) || !errors.Is(err, errno) {
			t.Errorf("flock %v: Lock = %v, want ErrNoLocks naming it", errno, err)
		}
	}
	flock = func(int, int) error { return syscall.EBADF }
	if err := Lock(f); errors.Is(err, ErrNoLocks) || !errors.Is(err, syscall.EBADF) {
		t.Errorf("flock EBADF: Lock = %v, want EBADF, not ErrNoLocks", err)
	}
	flock = func(int, int) error { return syscall.EWOULDBLOCK }
	if err := Lock(f); !errors.Is(err, ErrLocked) {
		t.Errorf("flock EWOULDBLOCK: Lock = %v, want ErrLocked", err)
	}
}

// TestLock_secondOpenRefused: the real lock, on a second open file.
func TestLock_secondOpenRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	a, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := Lock(a); err != nil {
		t.Fatal(err)
	}
	if err := Lock(b); !errors.Is(err, ErrLocked) {
		t.Errorf("second lock: %v, want ErrLocked", err)
	}
}

// TestUnlock_releasesTheCopies: a process being started (fork, then exec)
// holds a copy of every open file until its exec, and the lock goes with
// the open file: closed alone, a locked file stayed locked while the copy
// lived. Unlock releases it for every copy (a duplicated descriptor here).
func TestUnlock_releasesTheCopies(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	a, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := Lock(a); err != nil {
		t.Fatal(err)
	}
	child, err := syscall.Dup(int(a.Fd())) //nolint:gosec // G115: a file descriptor fits an int
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(child)
	if err := Unlock(a); err != nil {
		t.Fatal(err)
	}
	_ = a.Close()
	b, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := Lock(b); err != nil {
		t.Errorf("lock after Unlock and Close, a copy still open: %v, want it taken", err)
	}
	flock = func(int, int) error { return syscall.ENOLCK }
	t.Cleanup(func() { flock = syscall.Flock })
	if err := Unlock(b); err != nil {
		t.Errorf("Unlock on a file system without locks: %v, want nil", err)
	}
}
