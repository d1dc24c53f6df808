//go:build !unix

package exporter_test

import "time"

// processCPU is not measured here: the bound falls back to wall time.
func processCPU() (time.Duration, bool) { return 0, false }
