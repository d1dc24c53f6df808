package client

import (
	"errors"
	"syscall"
)

// refused tells whether a dial's error is a refused connection (nothing
// listens at the address), reset whether a connection was reset by the
// other end. On Windows, Go's net package hands back Winsock's own numbers
// (WSAECONNREFUSED 10061, WSAECONNRESET 10054), which syscall.ECONNREFUSED
// and syscall.ECONNRESET (numbers Go invents there) do not match: the
// Windows builds wrote "could not connect to 127.0.0.1:8080: No connection
// could be made because the target machine actively refused it.; sent
// once, ..." where every other build says "connection refused (nothing
// listens at 127.0.0.1:8080)". winsockRefused and winsockReset are those
// numbers on Windows, and the Unix numbers again elsewhere.
func refused(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, winsockRefused)
}

func reset(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, winsockReset)
}
