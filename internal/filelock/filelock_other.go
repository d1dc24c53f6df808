//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package filelock

import "os"

// Lock takes no lock where neither flock nor LockFileEx exists (ccsync is
// built for linux, darwin, freebsd and windows, which have one).
func Lock(*os.File) error { return nil }

// Unlock has no lock to release.
func Unlock(*os.File) error { return nil }
