package main

import (
	"os"
	"testing"
	"time"
)

// stopMark is when a test's interrupt was delivered: the wall clock and
// the process's CPU time (processCPU) then.
type stopMark struct {
	at  time.Time
	cpu time.Duration
}

// interruptWhen makes the command's signal handler receive SIGINT as soon
// as ready reports true (asked every millisecond once the command
// listens), rather than after a time a loaded machine may not have spent
// where the test means. The channel returned gets the mark of the
// delivery; it stays empty when the command stopped listening first.
func interruptWhen(t *testing.T, ready func() bool) <-chan stopMark {
	t.Helper()
	marks := make(chan stopMark, 1)
	old := notifySignals
	notifySignals = func(ch chan<- os.Signal) func() {
		done := make(chan struct{})
		go func() {
			tick := time.NewTicker(time.Millisecond)
			defer tick.Stop()
			for !ready() {
				select {
				case <-tick.C:
				case <-done:
					return
				}
			}
			m := stopMark{time.Now(), processCPU()}
			select {
			case ch <- os.Interrupt:
				marks <- m
			case <-done:
			}
		}()
		return func() { close(done) }
	}
	t.Cleanup(func() { notifySignals = old })
	return marks
}
