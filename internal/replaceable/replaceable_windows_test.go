package replaceable

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
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

// TestRename_heldForAMoment: a rename over a file that another program
// holds open for a moment (a reader of the simulator's state, a virus
// scanner) failed at once, "Access is denied."; it succeeds once the file
// is closed, and a file held for longer than renameTimeout still fails.
// Run with GOOS=windows go test -exec wine64.
func TestRename_heldForAMoment(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	hold := func() syscall.Handle {
		name, _ := syscall.UTF16PtrFromString(path)
		// As os.Open opens a file: others may read and write, not delete.
		h, err := syscall.CreateFile(name, syscall.GENERIC_READ, syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE, nil, syscall.OPEN_EXISTING, syscall.FILE_ATTRIBUTE_NORMAL, 0)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	newFile := func(content string) string {
		tmp := filepath.Join(dir, content)
		if err := os.WriteFile(tmp, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return tmp
	}
	h := hold()
	go func() { time.Sleep(200 * time.Millisecond); _ = syscall.CloseHandle(h) }()
	if err := Rename(newFile("new"), path); err != nil {
		t.Fatalf("Rename over a file held for 200ms: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("the file holds %q, want new", b)
	}
	h = hold()
	defer syscall.CloseHandle(h)
	start := time.Now()
	if err := Rename(newFile("newer"), path); err == nil || time.Since(start) < renameTimeout {
		t.Errorf("Rename over a file held throughout: %v after %v, want a failure after %v", err, time.Since(start), renameTimeout)
	}
}
