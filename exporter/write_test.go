package exporter

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteModule_tempFolderLeftIsANote: a temporary folder that could not
// be removed once every file was in place (on Windows, a virus scanner
// reading a file in it) failed the export, and ccsync said "Nothing was
// written." of a folder it had just written. The export is done; a note
// names the folder to delete. Not parallel: it replaces removeAll.
func TestWriteModule_tempFolderLeftIsANote(t *testing.T) {
	old := removeAll
	t.Cleanup(func() { removeAll = old })
	removeAll = func(string) error {
		return errors.New("The process cannot access the file because it is being used by another process.")
	}
	dir := t.TempDir() // exists: the files are moved into it one by one
	files := []outFile{{name: "webhooks.tf", content: []byte("# webhooks\n")}, {name: "sounds/hold.wav", content: []byte("RIFF")}}
	_, notes, err := writeModule(Options{Dir: dir, Kinds: AllKinds, Force: true}, files)
	if err != nil {
		t.Fatalf("writeModule: %v, want the module written", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "sounds", "hold.wav")); string(b) != "RIFF" {
		t.Errorf("sounds/hold.wav = %q", b)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "the temporary folder "+filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".ccsync-")) ||
		!strings.Contains(notes[0], "could not be removed (The process cannot access the file") || !strings.HasSuffix(notes[0], ": delete it") {
		t.Errorf("notes %q, want one naming the temporary folder to delete", notes)
	}
	removeAll = old
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".ccsync-*"))
	for _, m := range matches {
		_ = os.RemoveAll(m)
	}
}

// TestWriteModule_folderWhereAFileGoes: a folder in the place of one of
// the export's files (sounds/hold.wav made a folder) failed the move after
// the .tf files had been replaced. It is found before the first move:
// nothing is written, and the error names it.
func TestWriteModule_folderWhereAFileGoes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const mine = "# 1 contactcenter_webhook resource(s), written by `ccsync export terraform`.\n"
	if err := os.WriteFile(filepath.Join(dir, "webhooks.tf"), []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "sounds", "hold.wav", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	files := []outFile{{name: "webhooks.tf", content: []byte("# new\n")}, {name: "sounds/hold.wav", content: []byte("RIFF")}}
	_, _, err := writeModule(Options{Dir: dir, Kinds: AllKinds, Force: true}, files)
	want := filepath.Join(dir, "sounds", "hold.wav") + " is a folder, where the export writes its file sounds/hold.wav: move it away and export again"
	if err == nil || err.Error() != want || errors.Is(err, ErrPartlyWritten) {
		t.Errorf("writeModule: %v\nwant %s", err, want)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "webhooks.tf")); string(b) != mine {
		t.Errorf("webhooks.tf = %q: something was written", b)
	}
}
