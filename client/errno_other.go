//go:build !windows

package client

import "syscall"

// Outside Windows the system's own numbers are the only ones (see refused).
const (
	winsockRefused = syscall.ECONNREFUSED
	winsockReset   = syscall.ECONNRESET
)
