package main

import (
	"context"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestAgentsApply_progressAfterInterrupt: after Ctrl-C the rows not
// started were counted as done: the writes in flight that finished next
// read [17/20], [18/20] … where 2 rows had been written (and the bar on a
// terminal jumped to full). The counter counts the rows done: 1, 2, … up
// to the rows written, and the bar ends its line where it stopped.
//
// In a synctest bubble: the writes' time in flight (inFlight) runs on
// the bubble's clock.
func TestAgentsApply_progressAfterInterrupt(t *testing.T) {
	synctest.Test(t, agentsApplyProgressAfterInterrupt)
}

func agentsApplyProgressAfterInterrupt(t *testing.T) {
	signal := fakeSignals(t)
	api := &slowAgents{Agents: importertest.NewAgents()}
	api.before = func(ctx context.Context, n int) error {
		if n == 1 {
			signal(os.Interrupt)
		}
		return inFlight(ctx)
	}
	ep := fakeEndpoint(t, importer.Backend{Agents: api})
	code, o, e := runCLI("agents", "apply", demoRoster, "--concurrency", "4", "--endpoint", ep, "--access-token", "t")
	if code != exitFailures {
		t.Fatalf("exit %d\n%s\n%s", code, o, e)
	}
	var counts []string
	for _, m := range regexp.MustCompile(`(?m)^\[(\d+)/20\] `).FindAllStringSubmatch(e, -1) {
		counts = append(counts, m[1])
	}
	var want []string
	for i := 1; i <= api.Len(); i++ {
		want = append(want, strconv.Itoa(i))
	}
	if strings.Join(counts, ",") != strings.Join(want, ",") {
		t.Errorf("progress counts %v, want %v (%d rows written):\n%s", counts, want, api.Len(), e)
	}
}

// TestApplyProgress_barStopsWhereTheRunDid: on a terminal, the rows not
// started filled the bar (20/20) while 2 rows had been written; it shows
// 2/20 and its line is ended once the run is done.
func TestApplyProgress_barStopsWhereTheRunDid(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	progress, finish := applyProgress(&b, true)
	progress(1, 4, importer.Result{UserNum: "1001", Action: importer.ActionCreate, Outcome: importer.OutcomeDone})
	progress(2, 4, importer.Result{UserNum: "1003", Action: importer.ActionCreate, Outcome: importer.OutcomeNotStarted})
	progress(3, 4, importer.Result{UserNum: "1004", Action: importer.ActionCreate, Outcome: importer.OutcomeNotStarted})
	progress(4, 4, importer.Result{UserNum: "1002", Action: importer.ActionCreate, Outcome: importer.OutcomeDone})
	finish()
	out := b.String()
	if strings.Contains(out, "4/4") || strings.Contains(out, "3/4") || !strings.Contains(out, "2/4 1002 create") || !strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 {
		t.Errorf("bar:\n%q\nwant it to stop at 2/4 and end its line once", out)
	}
}
