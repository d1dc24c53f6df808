package replaceable

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// WriteWhole replaces the file with what write wrote, and after a failed
// write leaves the old file as it was and no temporary file beside it.
func TestWriteWhole(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	refused := errors.New("disk full")
	err := WriteWhole(p, ".out-*", 0o600, func(f *os.File) error {
		_, _ = f.WriteString("half")
		return refused
	})
	if !errors.Is(err, refused) {
		t.Fatalf("failed write: error %v, want %v", err, refused)
	}
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Errorf("after a failed write the file holds %q, want \"old\"", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("after a failed write the folder holds %d files, want only out.txt", len(entries))
	}
	if err := WriteWhole(p, ".out-*", 0o600, func(f *os.File) error {
		_, err := f.WriteString("new")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "new" {
		t.Errorf("the file holds %q, want \"new\"", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want only out.txt", len(entries))
	}
}
