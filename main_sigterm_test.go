//go:build unix

package main

import (
	"os"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestProviderOutlivesSIGTERM: a CI job that is cancelled or times out gets
// SIGTERM for its whole process group, the provider included. The provider
// must go on answering Terraform, which handles the signal like Ctrl-C and
// waits for the provider's calls: a provider that exited at once left
// Terraform with "Plugin did not respond" and an object created on the
// platform but missing from the state.
func TestProviderOutlivesSIGTERM(t *testing.T) {
	t.Parallel()
	p := startProvider(t)
	cmd, client, schema := p.cmd, p.client, p.schema
	if err := schema(); err != nil {
		t.Fatalf("GetProviderSchema before the signal: %v", err)
	}
	if err := syscall.Kill(cmd.Process.Pid, syscall.SIGTERM); err != nil {
		t.Fatalf("sending SIGTERM to the provider: %v", err)
	}
	time.Sleep(500 * time.Millisecond)
	if client.Exited() {
		t.Fatalf("the provider exited on SIGTERM while Terraform still runs; Terraform would print \"Plugin did not respond\" and lose the call in flight")
	}
	if err := schema(); err != nil {
		t.Fatalf("GetProviderSchema after SIGTERM: %v (the provider stopped answering Terraform)", err)
	}
}

// TestOutliveSIGTERMExitsWithoutTerraform: after a SIGTERM, the provider
// ends once the Terraform that started it is gone (it was handed to init),
// and not before; without a SIGTERM it does nothing.
func TestOutliveSIGTERMExitsWithoutTerraform(t *testing.T) {
	t.Parallel()
	var ppid atomic.Int64
	ppid.Store(4242)
	getppid := func() int { return int(ppid.Load()) }
	sig := make(chan os.Signal, 1)
	exited := make(chan struct{})
	go outliveSIGTERM(sig, 4242, getppid, time.Millisecond, func() { close(exited) })
	select {
	case <-exited:
		t.Fatal("exited without a SIGTERM")
	case <-time.After(20 * time.Millisecond):
	}
	sig <- syscall.SIGTERM
	select {
	case <-exited:
		t.Fatal("exited after SIGTERM while Terraform (the parent) still runs")
	case <-time.After(20 * time.Millisecond):
	}
	ppid.Store(1) // Terraform is gone: init adopted the provider
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		t.Fatal("after SIGTERM the provider did not exit once its Terraform was gone")
	}
}
