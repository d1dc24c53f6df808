package client

import (
	"errors"
	"net"
	"net/url"
	"os"
	"syscall"
	"testing"
)

// TestNetworkWhat_winsockNumbers: on Windows the transport's errors carry
// Winsock's numbers, which syscall.ECONNREFUSED and syscall.ECONNRESET do
// not match: a refused call read "could not connect to ADDR: No connection
// could be made because the target machine actively refused it.", a reset
// one "failed: read tcp ...: An existing connection was forcibly closed by
// the remote host.". They are worded as on every other system. (Run with
// GOOS=windows go test -exec wine64; TestNetworkErrorWording checks the
// refusal on a real socket.)
func TestNetworkWhat_winsockNumbers(t *testing.T) {
	t.Parallel()
	addr := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	dial := &url.Error{Op: "Post", URL: "http://127.0.0.1:8080/x", Err: &net.OpError{Op: "dial", Net: "tcp", Addr: addr,
		Err: &os.SyscallError{Syscall: "connectex", Err: syscall.Errno(10061)}}}
	if got, want := networkWhat(dial, false), "could not connect: connection refused (nothing listens at 127.0.0.1:8080)"; got != want {
		t.Errorf("WSAECONNREFUSED:\n got %s\nwant %s", got, want)
	}
	read := &url.Error{Op: "Post", URL: "http://127.0.0.1:8080/x", Err: &net.OpError{Op: "read", Net: "tcp", Addr: addr,
		Err: &os.SyscallError{Syscall: "wsarecv", Err: syscall.WSAECONNRESET}}}
	if got, want := networkWhat(read, true), "got no answer: the connection was reset (connection reset by peer)"; got != want {
		t.Errorf("WSAECONNRESET:\n got %s\nwant %s", got, want)
	}
	if !errors.Is(read, syscall.WSAECONNRESET) {
		t.Error("the error no longer unwraps to the system's")
	}
}
