//go:build !unix

package provider_test

import "time"

// processCPU is 0 where getrusage is missing (Windows): the benchmarks
// report no CPU time there, and still compile and run.
func processCPU() time.Duration { return 0 }
