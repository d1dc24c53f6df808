//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/filelock"
)

// TestSimulatorStateLock_releasedWhileAProcessStarts: a simulator stopped
// in a process that is starting another (fork, then exec: the child holds
// a copy of every open file until its exec) left its --state file locked
// for as long as the copy lived, the lock going with the open file. Its
// unlock releases the lock itself; a duplicated descriptor is such a copy.
func TestSimulatorStateLock_releasedWhileAProcessStarts(t *testing.T) {
	t.Parallel()
	state := filepath.Join(realTempDir(t), "state.json")
	lockAndCopy := func(f *os.File) error {
		if err := filelock.Lock(f); err != nil {
			return err
		}
		child, err := syscall.Dup(int(f.Fd())) //nolint:gosec // G115: a file descriptor fits an int
		if err != nil {
			return err
		}
		t.Cleanup(func() { _ = syscall.Close(child) })
		return nil
	}
	var stderr bytes.Buffer
	unlock, err := lockStateFile(state, state, lockAndCopy, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	unlock()
	again, err := lockStateFile(state, state, filelock.Lock, &stderr)
	if err != nil {
		t.Fatalf("after the first simulator stopped, a copy of its lock file open in a process being started: %v", err)
	}
	again()
}
