//go:build unix

package exporter

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteModule_umask: the module folder, its sounds/ folder and its
// files get 0755 and 0644 less the umask, as any folder and file the user
// makes. The module folder was set to 0755 whatever the umask: with umask
// 077 (files 0600), anyone could list it.
func TestWriteModule_umask(t *testing.T) {
	// Not parallel: it sets the process umask.
	old := syscall.Umask(0o077)
	t.Cleanup(func() { syscall.Umask(old) })
	dir := filepath.Join(t.TempDir(), "cc")
	files := []outFile{{name: "agents.tf", content: []byte("# agents\n")}, {name: "sounds/hold.wav", content: []byte("RIFF\x00\x00\x00\x00WAVE")}}
	if _, _, err := writeModule(Options{Dir: dir, Kinds: AllKinds}, files); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]os.FileMode{"": os.ModeDir | 0o700, "sounds": os.ModeDir | 0o700, "agents.tf": 0o600, "sounds/hold.wav": 0o600} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode() != want {
			t.Errorf("%s/%s has mode %v under umask 077, want %v", dir, name, st.Mode(), want)
		}
	}
}
