package exporter_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/exporter"
)

// TestExport_voiceFilesKeepTheirNamesFromAnEarlierExport: a folder that an
// export before 6d7e2a9 wrote on Linux holds sounds/Hold.wav and
// sounds/hold.wav, the voice files of the resources Hold and hold its
// state names. Exported again, both were renamed (Hold-2.wav, hold-3.wav,
// beside the old ones: a change of each source in the next plan), the file
// of each taken for a recording of the user's that the other's name
// differs from only in case. One keeps its file now.
func TestExport_voiceFilesKeepTheirNamesFromAnEarlierExport(t *testing.T) {
	t.Parallel()
	cc, ids := holdAndhold(t)
	ctx := context.Background()
	dir := t.TempDir()
	state := fmt.Sprintf(`{"version": 4, "resources": [{"mode": "managed", "type": "contactcenter_sound", "name": "Hold", "instances": [{"attributes": {"id": %q}}]},`+
		`{"mode": "managed", "type": "contactcenter_sound", "name": "hold", "instances": [{"attributes": {"id": %q}}]}]}`, ids[0], ids[1])
	if err := os.WriteFile(filepath.Join(dir, "terraform.tfstate"), []byte(state), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "sounds"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{"Hold.wav": "RIFF\x04\x00\x00\x00WAVEone", "hold.wav": "RIFF\x04\x00\x00\x00WAVEtwo"} {
		if err := os.WriteFile(filepath.Join(dir, "sounds", name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := exporter.Export(ctx, cc.c, exporter.Options{Dir: dir, Kinds: []exporter.Kind{exporter.KindSounds}, Force: true}); err != nil {
		t.Fatal(err)
	}
	tf, _ := os.ReadFile(filepath.Join(dir, "sounds.tf"))
	src := func(name string) string {
		return between(string(tf), `resource "contactcenter_sound" "`+name+`" {`, `source      = "`, `"`)
	}
	upper, lower := src("Hold"), src("hold")
	// One of the two keeps its file; the other is renamed so that the two
	// differ beyond case (Windows and macOS read Hold.wav and hold.wav as
	// one file), as a first export of these two names writes them.
	if upper != "sounds/Hold.wav" && lower != "sounds/hold.wav" || strings.EqualFold(upper, lower) || strings.Contains(upper+lower, "-3") {
		t.Errorf("sources Hold %q and hold %q: want one kept as the earlier export wrote it, the other differing beyond case", upper, lower)
	}
}
