package tfkit

import "testing"

// TestRunQueueLoadCountsTheMachinesCPUs: /proc/loadavg's ready count is
// the whole machine's (a container's neighbours' too), so it is divided by
// the machine's online CPUs, not by the CPUs this process may run on
// (runtime.NumCPU: a cpuset or taskset). A container pinned to 2 CPUs of a
// 64-CPU host where 40 threads were ready read 20 per CPU, and a plan
// with a taken key waited Settle's window and quiet as long as the most
// the load may make them (4 times: 2 s for half a second), its own CPUs
// idle or not; counted over the host's 64, the load is 1, as on an idle
// machine.
func TestRunQueueLoadCountsTheMachinesCPUs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		loadavg        string
		online, numCPU int
		want           float64
	}{
		{"40.00 40.00 40.00 40/2000 999\n", 64, 2, 1},    // pinned container, busy host
		{"40.00 40.00 40.00 160/2000 999\n", 64, 2, 2.5}, // a host busier than its CPUs
		{"30.00 30.00 30.00 30/300 999\n", 2, 2, 15},     // a 2-CPU machine, loaded
		{"0.10 0.10 0.10 1/300 999\n", 8, 8, 1},          // idle
		{"30.00 30.00 30.00 30/300 999\n", 0, 2, 15},     // online unknown: this process's CPUs
		{"garbage", 2, 2, 1},
	} {
		if got := runQueueLoad(tc.loadavg, tc.online, tc.numCPU); got != tc.want {
			t.Errorf("runQueueLoad(%q, online %d, NumCPU %d) = %v, want %v", tc.loadavg, tc.online, tc.numCPU, got, tc.want)
		}
	}
	for list, want := range map[string]int{"0-1\n": 2, "0\n": 1, "0-3,8-11\n": 8, "0,2,4-5": 4, "": 0, "x-1": 0, "3-1": 0} {
		if got := countCPUs(list); got != want {
			t.Errorf("countCPUs(%q) = %d, want %d", list, got, want)
		}
	}
}
