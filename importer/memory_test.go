package importer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/xuri/excelize/v2"
)

// bigRoster streams a roster of n agents with every column filled into a
// file, the way a large export would look.
func bigRoster(tb testing.TB, n int) string {
	tb.Helper()
	f := excelize.NewFile()
	defer f.Close()
	_ = f.SetSheetName("Sheet1", RosterSheet)
	sw, err := f.NewStreamWriter(RosterSheet)
	if err != nil {
		tb.Fatal(err)
	}
	hdr := make([]any, 0, NumFields)
	for _, fd := range AgentFields {
		hdr = append(hdr, fd.Name)
	}
	if err := sw.SetRow("A1", hdr); err != nil {
		tb.Fatal(err)
	}
	for i := range n {
		row := []any{100000 + i, fmt.Sprintf("Agent %d", i), "pw-" + fmt.Sprint(i), fmt.Sprintf("A%d", i),
			fmt.Sprintf("agent%d@example.com", i), int64(13000000000) + int64(i), fmt.Sprint(8000 + i%1000), "1 - on duty",
			1 + i%10, 3, fmt.Sprintf("crm-%d", i), "1,2", 4, 7, "101,102", "3", "1", "1", true, "1", "2", false, 10, 1, "1"}
		if err := sw.SetRow(cellRef(1, i+2), row); err != nil {
			tb.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(tb.TempDir(), "big.xlsx")
	if err := f.SaveAs(path); err != nil {
		tb.Fatal(err)
	}
	return path
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestReader_memoryFlat reads 100 000 rows through the streaming reader and
// checks that the heap does not grow with the rows read: the heap after
// 100 000 rows is within a few MiB of the heap after 10 000. Validation
// (ScanRoster) adds only its duplicate index of the three unique columns,
// measured and bounded too. It takes about a minute on a busy machine, so
// it runs only with CCSYNC_BIG=1.
func TestReader_memoryFlat(t *testing.T) {
	if os.Getenv("CCSYNC_BIG") == "" {
		t.Skip("set CCSYNC_BIG=1 to read a 100 000-row workbook")
	}
	const n = 100_000
	path := bigRoster(t, n)
	st, _ := os.Stat(path)

	sr, err := openSheet(context.Background(), path, RosterSheet)
	if err != nil {
		t.Fatal(err)
	}
	var at10k, at100k uint64
	rows := 0
	for {
		_, cells, ok, err := sr.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if len(cells) != NumFields {
			t.Fatalf("row %d has %d cells", rows, len(cells))
		}
		rows++
		switch rows {
		case 10_001:
			at10k = heapInUse()
		case n + 1:
			at100k = heapInUse()
		}
	}
	sr.Close()
	growth := int64(at100k) - int64(at10k)
	t.Logf("reader: %d rows of a %.1f MB file; heap in use %.1f MiB after 10k rows, %.1f MiB after 100k (growth %.2f MiB)",
		rows-1, float64(st.Size())/1e6, float64(at10k)/(1<<20), float64(at100k)/(1<<20), float64(growth)/(1<<20))
	if growth > 4<<20 {
		t.Errorf("heap grew by %.1f MiB from 10k to 100k rows; the reader is not streaming", float64(growth)/(1<<20))
	}

	// Full validation, rows discarded: only the duplicate index grows.
	var s10k, s100k uint64
	seen := 0
	probs, err := ScanRoster(path, func(_ *Roster, _ AgentRow) {
		seen++
		switch seen {
		case 10_000:
			s10k = heapInUse()
		case n:
			s100k = heapInUse()
		}
	}, &Roster{})
	if err != nil || len(probs) > 0 || seen != n {
		t.Fatalf("scan: %v %d problems, %d rows", err, len(probs), seen)
	}
	perRow := float64(int64(s100k)-int64(s10k)) / float64(n-10_000)
	t.Logf("validation: heap %.1f MiB after 10k rows, %.1f MiB after 100k: %.0f bytes per row (duplicate index of user_num, user_email, user_sms_phone)",
		float64(s10k)/(1<<20), float64(s100k)/(1<<20), perRow)
	if perRow > 400 {
		t.Errorf("validation keeps %.0f bytes per row", perRow)
	}
}
