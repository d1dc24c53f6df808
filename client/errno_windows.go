package client

import (
	"syscall"

	"golang.org/x/sys/windows"
)

// Winsock's numbers (winerror.h), as Go's net package returns them.
const (
	winsockRefused = windows.WSAECONNREFUSED // not in package syscall
	winsockReset   = syscall.WSAECONNRESET
)
