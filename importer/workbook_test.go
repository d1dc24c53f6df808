package importer_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

// TestExportRoster_sortedByUserNum: the platform lists agents by its internal
// user_id; the export orders them by user_num, numbers by value.
func TestExportRoster_sortedByUserNum(t *testing.T) {
	t.Parallel()
	api := importertest.NewAgents()
	// Seeded (and so listed, by user_id) out of user_num order.
	for _, num := range []string{"9010", "8001", "9002", "10000", "0700", "ops-1", "9"} {
		api.Seed(importer.Values{"user_num": num, "user_name": "Agent " + num})
	}
	path := filepath.Join(t.TempDir(), "export.xlsx")
	n, err := importer.ExportRoster(context.Background(), api, path)
	if err != nil {
		t.Fatal(err)
	}
	if n != 7 {
		t.Errorf("exported %d agents, want 7", n)
	}
	r, probs, err := importer.ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(probs) > 0 {
		t.Fatalf("the export does not read back: %v", probs)
	}
	var got []string
	for _, row := range r.Rows {
		got = append(got, row.Get("user_num"))
	}
	want := []string{"9", "0700", "8001", "9002", "9010", "10000", "ops-1"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("export row order (-want +got):\n%s", d)
	}
}
