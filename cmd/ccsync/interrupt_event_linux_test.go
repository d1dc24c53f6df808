//go:build linux

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// openedHere returns a function that reports whether this process has the
// file path open (its descriptors, /proc/self/fd): a command reading a
// workbook has begun to.
func openedHere(path string) func() bool {
	want, err := filepath.EvalSymlinks(path)
	if err != nil {
		want = path
	}
	return func() bool {
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			return false
		}
		for _, e := range ents {
			if l, err := os.Readlink("/proc/self/fd/" + e.Name()); err == nil && l == want {
				return true
			}
		}
		return false
	}
}

// processCPU is the CPU time this process has used, user and system: the
// work done meanwhile, whatever share of the machine's CPUs it was given.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
