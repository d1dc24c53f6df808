//go:build !linux

package main

import "time"

// openedHere stands in for the Linux one (interrupt_event_linux_test.go),
// which reads the process's descriptors: here it reports true 300 ms after
// its first call, when a command has begun reading on an idle machine.
func openedHere(string) func() bool {
	var first time.Time
	return func() bool {
		if first.IsZero() {
			first = time.Now()
		}
		return time.Since(first) >= 300*time.Millisecond
	}
}

var processStart = time.Now()

// processCPU stands in for the Linux one: the wall clock's time since the
// process began, at least the CPU time it used on one CPU.
func processCPU() time.Duration { return time.Since(processStart) }
