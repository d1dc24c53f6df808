//go:build unix

package datasources

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestSoundFileWrite_umask: the downloaded voice file is 0644 less the
// umask, as any file the user makes. It was set to 0644 whatever the umask:
// under umask 077 anyone could read it.
func TestSoundFileWrite_umask(t *testing.T) {
	// Not parallel: it sets the process umask.
	old := syscall.Umask(0o077)
	t.Cleanup(func() { syscall.Umask(old) })
	p := filepath.Join(t.TempDir(), "voice", "hold.wav")
	if err := writeFile(p, []byte("RIFF\x00\x00\x00\x00WAVE")); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode() != 0o600 {
		t.Errorf("%s has mode %v under umask 077, want -rw-------", p, st.Mode())
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(p), ".sound-*")); len(left) > 0 {
		t.Errorf("temporary files left: %q", left)
	}
}
