package datasources_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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

func TestAccSoundFileDataSource_validation(t *testing.T) {
	t.Parallel()
	acctest.New(t).ExpectPlanErrors(t, map[string]acctest.PlanError{
		"not an id": {`data "contactcenter_sound_file" "x" {` + "\n" + `sound_id = "abc"` + "\n" + `output_path = "x.wav"` + "\n}", `must be a voice-file id (digits)`},
	})
}
