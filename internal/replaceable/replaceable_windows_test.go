package replaceable

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestCheck: a file another program holds as Excel holds a workbook (read
// and write, others may only read) is ErrOpenElsewhere, and os.Rename
// fails over it, as Check says; a file opened as Go opens one (sharing
// reads and writes) and a closed file can be written. Run with
// GOOS=windows go test -exec wine64.
func TestCheck(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "报告 report.xlsx")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Check(path); err != nil {
		t.Fatalf("a closed file: %v", err)
	}
	name, _ := syscall.UTF16PtrFromString(path)
	h, err := syscall.CreateFile(name, syscall.GENERIC_READ|syscall.GENERIC_WRITE, syscall.FILE_SHARE_READ, nil, syscall.OPEN_EXISTING, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		t.Fatal(err)
	}
	err = Check(path)
	if !errors.Is(err, ErrOpenElsewhere) {
		t.Errorf("held as Excel holds it: %v, want ErrOpenElsewhere", err)
	}
	tmp := filepath.Join(dir, "new")
	if err := os.WriteFile(tmp, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err == nil {
		t.Error("os.Rename replaced the held file: the check refuses what would work")
	}
	_ = syscall.CloseHandle(h)
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("the check changed the file: %q", b)
	}
	if err := Check(path); err != nil {
		t.Errorf("closed again: %v", err)
	}
}
