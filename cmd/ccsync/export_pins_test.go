package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// exportSummaryJSON is the part of export's --output json the tests read.
type exportSummaryJSON struct {
	Resources map[string]int `json:"resources"`
	Failed    []string       `json:"failed"`
	Notes     []string       `json:"notes"`
}

// TestExportCommand_objectNotReadJSONExit1: with --output json too, an
// object that could not be read is listed under failed and the run exits 1.
func TestExportCommand_objectNotReadJSONExit1(t *testing.T) {
	t.Parallel()
	origin, id := exportSimSoundUnreadable(t)
	code, out, errOut := runCLI("export", "terraform", filepath.Join(t.TempDir(), "cc"), "--endpoint", origin, "--access-token", "sim-token", "--output", "json")
	var sum exportSummaryJSON
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("--output json: %v\n%s\n%s", err, out, errOut)
	}
	if code != 1 || len(sum.Failed) != 1 || !strings.Contains(sum.Failed[0], "voice file "+id+" (Hold)") || sum.Resources["agents"] != 2 {
		t.Errorf("exit %d, failed %q; want exit 1 and the voice file listed under failed:\n%s\n%s", code, sum.Failed, out, errOut)
	}
}

// TestExportCommand_noGatewayCredentialsNote: a default export without the
// SMS gateway's credentials says that the gateway kinds are left out, in the
// text summary and in the JSON notes.
func TestExportCommand_noGatewayCredentialsNote(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	const note = "gateway signatures and templates are not exported"
	args := []string{"export", "terraform", "", "--endpoint", origin, "--access-token", "sim-token"}

	args[2] = filepath.Join(t.TempDir(), "text")
	code, out, errOut := runCLI(args...)
	if code != 0 || !strings.Contains(out, "note: no SMS gateway credentials (CONTACTCENTER_SMS_APP_ID, CONTACTCENTER_SMS_APP_KEY): "+note) {
		t.Errorf("text: exit %d, want 0 and the note:\n%s\n%s", code, out, errOut)
	}

	args[2] = filepath.Join(t.TempDir(), "json")
	code, out, errOut = runCLI(append(args, "--output", "json")...)
	var sum exportSummaryJSON
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("--output json: %v\n%s\n%s", err, out, errOut)
	}
	if code != 0 || !strings.Contains(strings.Join(sum.Notes, "\n"), note) {
		t.Errorf("json: exit %d, notes %q; want 0 and the note", code, sum.Notes)
	}
}

// TestExportCommand_progressNotTerminal: when stderr is not a terminal,
// each kind gets one line with its count once it is read, not one line per
// step (the voice files are read in three steps here).
func TestExportCommand_progressNotTerminal(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	c, err := client.New(client.Config{URLs: client.SurfaceURLs(origin), AccessToken: "sim-token"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, _, err := c.Sounds.Upload(t.Context(), client.SoundInput{Name: fmt.Sprintf("Hold %d", i), SoundType: 1,
			FileName: fmt.Sprintf("hold%d.wav", i), Content: []byte("RIFF\x04\x00\x00\x00WAVEdata")}); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runCLI("export", "terraform", filepath.Join(t.TempDir(), "cc"), "--endpoint", origin, "--access-token", "sim-token",
		"--kinds", "agents,sounds")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	var lines []string
	for _, l := range strings.Split(errOut, "\n") {
		if strings.HasPrefix(l, "read ") {
			lines = append(lines, l)
		}
	}
	got := strings.Join(lines, "\n")
	if len(lines) != 2 || !strings.Contains(got, "read agents: 2") || !strings.Contains(got, "read sounds: 3") {
		t.Errorf("progress lines:\n%s\nwant exactly \"read agents: 2\" and \"read sounds: 3\" (full stderr:\n%s)", got, errOut)
	}
}

// With one of the two gateway credentials set, the note names the one
// missing: it said there were no credentials, to a user who had set the
// app id.
func TestExportCommand_oneGatewayCredentialNote(t *testing.T) {
	t.Parallel()
	origin := exportSim(t)
	for flag, want := range map[string]string{
		"--sms-app-id":  "note: no SMS gateway app key (--sms-app-key or CONTACTCENTER_SMS_APP_KEY; the app id is set)",
		"--sms-app-key": "note: no SMS gateway app id (--sms-app-id or CONTACTCENTER_SMS_APP_ID; the app key is set)",
	} {
		code, out, errOut := runCLI("export", "terraform", filepath.Join(t.TempDir(), "cc"), "--endpoint", origin, "--access-token", "sim-token", flag, "x")
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("%s only: exit %d, want 0 and %q:\n%s\n%s", flag, code, want, out, errOut)
		}
	}
}
