package importer_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestPerf_tenThousandAgents measures read+plan and apply of a 10 000-agent
// roster against the in-memory fake (CCSYNC_BIG=1; run it under
// /usr/bin/time -v for the peak RSS). A second apply must write nothing.
func TestPerf_tenThousandAgents(t *testing.T) {
	if os.Getenv("CCSYNC_BIG") == "" {
		t.Skip("set CCSYNC_BIG=1")
	}
	const n = 10_000
	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Agents")
	sw, _ := f.NewStreamWriter("Agents")
	_ = sw.SetRow("A1", []any{"user_num", "user_name", "user_password", "user_email", "user_sms_phone", "user_status", "queue_ids", "max_sessions", "is_enable_outbound"})
	for i := range n {
		ref, _ := excelize.CoordinatesToCellName(1, i+2)
		_ = sw.SetRow(ref, []any{100000 + i, fmt.Sprintf("Agent %d", i), "pw", fmt.Sprintf("a%d@example.com", i), int64(13000000000) + int64(i), "1", "101", 10, true})
	}
	_ = sw.Flush()
	path := filepath.Join(t.TempDir(), "big.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	api := importertest.NewAgents()
	ctx := context.Background()
	t0 := time.Now()
	r, probs, err := importer.ReadRoster(path)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	read := time.Since(t0)
	p, probs, err := importer.PlanRoster(ctx, api, r, importer.PlanOptions{})
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	plan := time.Since(t0)
	t1 := time.Now()
	res := importer.Apply(ctx, api, p, importer.ApplyOptions{Concurrency: 8})
	apply := time.Since(t1)
	if importer.Failed(res) != 0 || api.Writes != n {
		t.Fatalf("apply: %d failed, %d writes", importer.Failed(res), api.Writes)
	}
	t2 := time.Now()
	r, _, _ = importer.ReadRoster(path)
	p, _, _ = importer.PlanRoster(ctx, api, r, importer.PlanOptions{})
	replan := time.Since(t2)
	importer.Apply(ctx, api, p, importer.ApplyOptions{Concurrency: 8})
	if api.Writes != n {
		t.Errorf("second apply wrote %d", api.Writes-n)
	}
	t.Logf("10 000 agents: read %v, read+plan %v (%.0f rows/s), apply %v (%.0f rows/s), second read+plan %v (%.0f rows/s)",
		read.Round(time.Millisecond), plan.Round(time.Millisecond), n/plan.Seconds(), apply.Round(time.Millisecond), n/apply.Seconds(),
		replan.Round(time.Millisecond), n/replan.Seconds())
}
