package datasources_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccSoundFileDataSource_basic downloads a voice file (sound/play) to
// a path: the file is the one uploaded, and its hash is reported.
func TestAccSoundFileDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	id, _, err := env.Client(t).Sounds.Upload(t.Context(), client.SoundInput{Name: "Hold", SoundType: 1, FileName: "hold.wav", Content: wavBytes})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "copies", "hold.wav")
	sum := sha256.Sum256(wavBytes)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(fmt.Sprintf(`data "contactcenter_sound_file" "x" {
  sound_id    = %q
  output_path = %q
}`, id, out)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.contactcenter_sound_file.x", tfjsonpath.New("content_sha256"), knownvalue.StringExact(hex.EncodeToString(sum[:]))),
					statecheck.ExpectKnownValue("data.contactcenter_sound_file.x", tfjsonpath.New("size"), knownvalue.Int64Exact(int64(len(wavBytes)))),
				},
				Check: func(*terraform.State) error {
					b, err := os.ReadFile(out)
					if err != nil {
						return fmt.Errorf("reading the written file: %w", err)
					}
					if string(b) != string(wavBytes) {
						return errors.New("written file differs from the uploaded one")
					}
					return nil
				},
			},
		},
	})
}

// TestAccSoundFileDataSource_overwrite: an earlier download at
// output_path is replaced, any other file there is refused and left as it
// was (output_path = "main.tf" overwrote the configuration with the voice
// file's bytes during plan).
func TestAccSoundFileDataSource_overwrite(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	id, _, err := env.Client(t).Sounds.Upload(t.Context(), client.SoundInput{Name: "Hold", SoundType: 1, FileName: "hold.wav", Content: wavBytes})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	earlier, mine := filepath.Join(dir, "hold.wav"), filepath.Join(dir, "main.tf")
	const tf = "resource \"contactcenter_sound\" \"x\" {}\n"
	for p, b := range map[string][]byte{earlier: []byte("ID3 an older recording"), mine: []byte(tf)} {
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cfg := func(out string) string {
		return env.Config(fmt.Sprintf("data \"contactcenter_sound_file\" \"x\" {\n  sound_id    = %q\n  output_path = %q\n}\n", id, out))
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: cfg(earlier),
				Check: func(*terraform.State) error {
					if b, _ := os.ReadFile(earlier); string(b) != string(wavBytes) {
						return fmt.Errorf("the earlier download was not replaced: %q", b)
					}
					return nil
				},
			},
			{
				Config:      cfg(mine),
				ExpectError: regexp.MustCompile(`(?s)output_path ".*main\.tf"\s+is\s+an\s+existing\s+file\s+of\s+` + fmt.Sprint(len(tf)) + `\s+bytes.*not\s+a\s+WAV\s+or\s+MP3.*begins\s+with.*choose\s+another\s+path`),
			},
			// A folder there said "rename ./.sound-3847994186 ./adir: file exists".
			{
				Config:      cfg(dir),
				ExpectError: regexp.MustCompile(`(?s)output_path ".*"\s+is\s+a\s+folder;\s+give\s+the\s+path\s+of\s+a\s+file\s+in\s+it`),
			},
		},
	})
	if b, _ := os.ReadFile(mine); string(b) != tf {
		t.Errorf("main.tf was overwritten: %q", b)
	}
}

func TestAccSoundFileDataSource_validation(t *testing.T) {
	t.Parallel()
	acctest.New(t).ExpectPlanErrors(t, map[string]acctest.PlanError{
		"not an id": {`data "contactcenter_sound_file" "x" {` + "\n" + `sound_id = "abc"` + "\n" + `output_path = "x.wav"` + "\n}", `must be a voice-file id (digits)`},
	})
}
