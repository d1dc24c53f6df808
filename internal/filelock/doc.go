// Package filelock takes an exclusive advisory lock on an open file without
// waiting: ccsync's send journals and the simulator's --state file each have
// one user at a time, and a second one is told so instead of racing the
// first.
package filelock

import "errors"

// ErrLocked is Lock's error when another open file holds the lock.
var ErrLocked = errors.New("locked")

// ErrNoLocks is wrapped by Lock's error when the file's system takes no
// locks (some network shares and FUSE file systems): the caller may go on
// unlocked, as every run did before locks, but must say that no lock is
// held, since a second user of the file is then not refused.
var ErrNoLocks = errors.New("its file system takes no locks")
