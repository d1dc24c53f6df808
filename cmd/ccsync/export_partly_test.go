package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestExportCommand_partlyWrittenIsSaid: an export --force whose move of a
// voice file into the folder failed, after its .tf files had replaced the
// folder's, said "Nothing was written.": the user took the folder for the
// earlier export. It says what was written and what was not. (Here the
// folder holds a file named sounds; on Windows, any file that another
// program holds is such a failure, which the export now refuses before
// the first move: replaceable_windows_test.go.)
func TestExportCommand_partlyWrittenIsSaid(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Sounds.Upload(t.Context(), client.SoundInput{Name: "Hold", SoundType: 1, FileName: "hold.wav", Content: []byte("RIFF\x04\x00\x00\x00WAVEdata")}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	const old = "# 1 contactcenter_webhook resource(s), written by `ccsync export terraform`.\n# last week's\n"
	for name, content := range map[string]string{"sounds": "not a folder", "webhooks.tf": old} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, _, errOut := runCLI("export", "terraform", dir, "--endpoint", origin, "--access-token", "sim-token", "--force")
	b, _ := os.ReadFile(filepath.Join(dir, "webhooks.tf"))
	if string(b) == old {
		t.Fatalf("webhooks.tf was not replaced: the test no longer fails after a move\n%s", errOut)
	}
	want := "the export was written in part: " + dir + " has "
	if code != exitFailures || strings.Contains(errOut, "Nothing was written") || !strings.Contains(errOut, want) ||
		!strings.Contains(errOut, "webhooks.tf") || !strings.Contains(errOut, "in place of the rest (sounds/hold.wav), what it held before") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 1 and %q naming the files written and sounds/hold.wav, not \"Nothing was written\"", code, errOut, want)
	}
}
