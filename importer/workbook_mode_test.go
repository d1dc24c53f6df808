//go:build unix

package importer_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/importer"
	"github.com/contactcenter/terraform-provider-contactcenter/importer/importertest"
)

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
