// Package filelock takes an exclusive advisory lock on an open file without
// waiting: ccsync's send journals and the simulator's --state file each have
// one user at a time, and a second one is told so instead of racing the
// first.
package filelock

import "errors"

// ErrLocked is Lock's error when another open file holds the lock.
var ErrLocked = errors.New("locked")
