package client

import "syscall"

// Winsock's numbers (winerror.h), as Go's net package returns them.
const (
	winsockRefused = syscall.Errno(10061) // WSAECONNREFUSED (not in package syscall)
	winsockReset   = syscall.WSAECONNRESET
)
