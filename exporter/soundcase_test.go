package exporter_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

// TestExport_voiceFilesDifferBeyondCase: voice files are named after their
// resources, and two names may differ only in case: a state that names one
// resource Hold (kept by --force) while the export names another hold, or
// a recording sounds/Hold.wav of the user's own beside the export's
// hold.wav. Windows and macOS read such names as one file: both resources
// named the one file (whose content was the second's, so the first one's
// source_hash was wrong and its next apply uploaded the other recording),
// or the user's recording was replaced. No two of the export's files, nor
// one of them and a file sounds/ holds, differ only in case.
func TestExport_voiceFilesDifferBeyondCase(t *testing.T) {
	t.Parallel()
	cc, ids := holdAndhold(t)
	ctx := context.Background()
	t.Run("a name kept from the state", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		state := fmt.Sprintf(`{"version": 4, "resources": [{"mode": "managed", "type": "contactcenter_sound", "name": "Hold", "instances": [{"attributes": {"id": %q}}]}]}`, ids[0])
		if err := os.WriteFile(filepath.Join(dir, "terraform.tfstate"), []byte(state), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Kinds: []exporter.Kind{exporter.KindSounds}, Force: true}); err != nil {
			t.Fatal(err)
		}
		files := soundFiles(t, dir)
		tf, _ := os.ReadFile(filepath.Join(dir, "sounds.tf"))
		for name, content := range map[string]string{"Hold": "one", "hold": "two"} {
			file := between(string(tf), `resource "contactcenter_sound" "`+name+`" {`, `source      = "`, `"`)
			if b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file))); err != nil || !strings.HasSuffix(string(b), content) {
				t.Errorf("contactcenter_sound.%s: its source %q holds %q (%v), want its own recording", name, file, b, err)
			}
		}
		if len(files) != 2 || strings.EqualFold(files[0], files[1]) {
			t.Errorf("sounds/ holds %q, want two files whose names differ beyond case", files)
		}
	})
	t.Run("a recording of the user's", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, "sounds"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "sounds", "Hold.wav"), []byte("my recording"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Kinds: []exporter.Kind{exporter.KindSounds}, Force: true}); err != nil {
			t.Fatal(err)
		}
		files := soundFiles(t, dir)
		for i := range files {
			for j := range i {
				if strings.EqualFold(files[i], files[j]) {
					t.Errorf("sounds/ holds %s and %s, one file on Windows and macOS", files[j], files[i])
				}
			}
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "sounds", "Hold.wav")); string(b) != "my recording" {
			t.Errorf("the user's sounds/Hold.wav now holds %q", b)
		}
		// Exported again, each voice file keeps its name.
		if _, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Kinds: []exporter.Kind{exporter.KindSounds}, Force: true}); err != nil {
			t.Fatal(err)
		}
		if again := soundFiles(t, dir); strings.Join(again, ",") != strings.Join(files, ",") {
			t.Errorf("exported again, sounds/ holds %q, want %q", again, files)
		}
	})
}

// soundFiles lists the names of the files in dir/sounds.
func soundFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, "sounds"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// between is the text of s after start, then after from, up to to.
func between(s, start, from, to string) string {
	_, s, _ = strings.Cut(s, start)
	_, s, _ = strings.Cut(s, from)
	s, _, _ = strings.Cut(s, to)
	return s
}

// holdAndhold is a center with two voice files whose names differ only in
// case, Hold and hold (their contents end "one" and "two"), and their ids.
func holdAndhold(t *testing.T) (*center, []string) {
	t.Helper()
	cc := newCenter(t)
	var ids []string
	for _, s := range []struct{ name, content string }{{"Hold", "RIFF\x04\x00\x00\x00WAVEone"}, {"hold", "RIFF\x04\x00\x00\x00WAVEtwo"}} {
		id, _, err := cc.c.Sounds.Upload(context.Background(), client.SoundInput{Name: s.name, SoundType: 1, FileName: "x.wav", Content: []byte(s.content)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return cc, ids
}
