package datasources_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// wavBytes is a minimal valid WAV file.
var wavBytes = append([]byte("RIFF\x2c\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00\x40\x1f\x00\x00\x40\x1f\x00\x00\x01\x00\x08\x00data\x08\x00\x00\x00"), 128, 130, 132, 134, 136, 134, 132, 130)

func TestAccSoundsDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	for _, in := range []client.SoundInput{
		{Name: "Queue hold", SoundType: 1, Content: wavBytes},
		{Name: "Survey intro", Remark: "csat", SoundType: 2, Content: wavBytes},
		{Name: "Queue full", SoundType: 1, Content: wavBytes},
	} {
		if _, _, err := c.Sounds.Upload(t.Context(), in); err != nil {
			t.Fatal(err)
		}
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{{
			Config: env.Config(`
data "contactcenter_sounds" "all" {}
data "contactcenter_sounds" "queue" { keyword = "Queue" }
data "contactcenter_sounds" "survey" { sound_type = 2 }
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.contactcenter_sounds.all", tfjsonpath.New("sounds"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.contactcenter_sounds.queue", tfjsonpath.New("sounds"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.contactcenter_sounds.survey", tfjsonpath.New("sounds"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"name": knownvalue.StringExact("Survey intro"), "remark": knownvalue.StringExact("csat"),
						"sound_type": knownvalue.Int64Exact(2), "sounds_address": knownvalue.NotNull(),
					}),
				})),
			},
		}},
	})
}

func TestAccSoundsDataSource_validation(t *testing.T) {
	t.Parallel()
	acctest.New(t).ExpectPlanErrors(t, map[string]acctest.PlanError{
		"sound_type 7": {`data "contactcenter_sounds" "x" {` + "\n" + `sound_type = 7` + "\n}", `sound_type value must be between 1 and 6`},
	})
}
