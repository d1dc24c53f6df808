package importer_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
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

// TestWorkbooks_mode0644: every workbook ccsync writes is a regular,
// non-executable file (excelize's SaveAs creates files 0777 before umask).
func TestWorkbooks_mode0644(t *testing.T) {
	// Not parallel: it sets the process umask to 0 so the mode the code
	// asks for is the mode the file gets.
	old := syscall.Umask(0)
	t.Cleanup(func() { syscall.Umask(old) })
	dir := t.TempDir()
	api := importertest.NewAgents()
	api.Seed(importer.Values{"user_num": "9001", "user_name": "Ada"})
	writers := map[string]func(path string) error{
		"template.xlsx": importer.WriteTemplate,
		"export.xlsx": func(p string) error {
			_, err := importer.ExportRoster(context.Background(), api, p)
			return err
		},
		"apply-report.xlsx": func(p string) error {
			return importer.WriteResults(p, []importer.Result{{Row: 2, UserNum: "9001", Action: importer.ActionCreate, Outcome: importer.OutcomeDone}})
		},
		"send-report.xlsx": func(p string) error {
			return importer.WriteSendReport(p, []string{"name"}, []importer.SendResult{{Row: 2, Mobile: "13800138000", Params: []string{"Ada"}}})
		},
	}
	for name, write := range writers {
		path := filepath.Join(dir, name)
		if err := write(path); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode() != 0o644 {
			t.Errorf("%s has mode %v, want -rw-r--r--", name, st.Mode())
		}
	}
}
