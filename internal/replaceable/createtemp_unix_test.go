//go:build unix

package replaceable

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// CreateTemp makes the file perm less the umask, named by the pattern, and
// a second file of the same pattern gets another name.
func TestCreateTemp(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	dir := t.TempDir()
	a, err := CreateTemp(dir, ".report.xlsx.*.tmp", 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := CreateTemp(dir, ".report.xlsx.*.tmp", 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	name := filepath.Base(a.Name())
	if !strings.HasPrefix(name, ".report.xlsx.") || !strings.HasSuffix(name, ".tmp") || a.Name() == b.Name() {
		t.Errorf("names %q and %q, want two different .report.xlsx.<n>.tmp", a.Name(), b.Name())
	}
	st, err := a.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if m := st.Mode().Perm(); m != 0o600 {
		t.Errorf("mode %o under umask 077, want 600 (0644 less the umask)", m)
	}
}
