//go:build unix

package actions_test

import "syscall"

// mkfifo makes a named pipe at p.
func mkfifo(p string) error { return syscall.Mkfifo(p, 0o600) }
