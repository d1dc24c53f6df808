package exporter

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteModule_soundsLink: a sounds/ in the export's folder that is a
// symbolic link (planted in a shared folder) was followed: --force wrote
// the voice files where it pointed, over a file of the same name there.
// The export refuses it, before the platform is read and again before it
// writes, naming the link; the file it points at is left as it was.
func TestWriteModule_soundsLink(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	outside := filepath.Join(root, "outside")
	if err := os.Mkdir(outside, 0o700); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(outside, "hold.wav")
	if err := os.WriteFile(victim, []byte("someone else's file"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "cc")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "sounds")
	if err := os.Symlink(outside, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	want := link + " is a symbolic link (to " + outside + "): the export would write its voice files where it points"
	// Before the platform is read.
	o := Options{Dir: dir, Force: true}
	if err := checkOptions(&o); err == nil || !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), want) ||
		!strings.Contains(err.Error(), "Nothing was read or written. Remove the link") {
		t.Errorf("checkOptions: %v\nwant an input error: %s", err, want)
	}
	// An export of other kinds does not write under sounds/.
	o = Options{Dir: dir, Force: true, Kinds: []Kind{KindAgents}}
	if err := checkOptions(&o); err != nil {
		t.Errorf("--kinds agents: %v", err)
	}
	// At the write (a link made while the platform was read).
	files := []outFile{{name: "sounds.tf", content: []byte("# sounds\n")}, {name: "sounds/hold.wav", content: []byte("RIFF\x00\x00\x00\x00WAVE")}}
	if _, _, err := writeModule(Options{Dir: dir, Force: true, Kinds: AllKinds}, files); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("writeModule: %v\nwant: %s", err, want)
	}
	if b, _ := os.ReadFile(victim); string(b) != "someone else's file" {
		t.Errorf("the file the link points at now holds %q", b)
	}
	if _, err := os.Stat(filepath.Join(dir, "sounds.tf")); err == nil {
		t.Error("sounds.tf was written: the folder should be left as it was")
	}
}
