//go:build unix

package importer_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
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
			_, _, err := importer.ExportRoster(context.Background(), api, p)
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

// TestSaveWorkbook_failedWriteKeepsTheFile: a workbook written in place
// and cut off (a full disk; here the file size limit of `ulimit -f`) left
// a truncated file that no longer opened, and the workbook that was there
// was gone. The new workbook is written beside it and renamed over it once
// complete: a failed write leaves the old file whole, and no stray file.
// The size limit applies to a whole process, so the write runs in a child
// process of this test binary.
func TestSaveWorkbook_failedWriteKeepsTheFile(t *testing.T) {
	t.Parallel()
	if path := os.Getenv("CCSYNC_TEST_SAVE_LIMITED"); path != "" {
		signal.Ignore(syscall.SIGXFSZ) // a write past the limit fails with EFBIG instead
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: 4096, Max: 4096}); err != nil {
			t.Fatal(err)
		}
		api := importertest.NewAgents()
		for i := range 500 {
			api.Seed(importer.Values{"user_num": fmt.Sprint(9000 + i), "user_name": fmt.Sprintf("Agent %d with a long name", i)})
		}
		_, _, err := importer.ExportRoster(context.Background(), api, path)
		fmt.Printf("export error: %v\n", err)
		// Exit here: under go test -cover the test binary would go on to
		// write its coverage data, past the size limit too, and fail.
		os.Exit(0)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "roster.xlsx")
	if err := importer.WriteTemplate(path); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestSaveWorkbook_failedWriteKeepsTheFile$", "-test.v")
	cmd.Env = append(os.Environ(), "CCSYNC_TEST_SAVE_LIMITED="+path)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "export error: ") || strings.Contains(string(out), "export error: <nil>") {
		t.Fatalf("the limited export should fail: %v\n%s", err, out)
	}
	after, err := os.ReadFile(path)
	if err != nil || string(after) != string(before) {
		t.Errorf("the workbook that was there changed (%d bytes, was %d): %v", len(after), len(before), err)
	}
	if _, _, err := importer.ReadRoster(path); err != nil {
		t.Errorf("the workbook no longer reads: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left in the folder: %v", entries)
	}
}
