package datasources_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

func TestAccASRTranscriptDataSource_basic(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	env.Sim.SetASRDuration(time.Millisecond)
	done, err := c.ASR.Recognize(t.Context(), client.ASRRequest{SpeechFileURL: "https://files.example.com/done.wav"})
	if err != nil {
		t.Fatal(err)
	}
	env.Sim.SetASRDuration(time.Hour)
	running, err := c.ASR.Recognize(t.Context(), client.ASRRequest{CallID: "sim-call-1"})
	if err != nil {
		t.Fatal(err)
	}
	// The 1 ms conversion ends: wait until the platform says so.
	if _, err := c.ASR.Wait(t.Context(), done, time.Millisecond, 10*time.Millisecond, nil); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{
				Config: env.Config(fmt.Sprintf(`
data "contactcenter_asr_transcript" "done" { task_id = %q }
data "contactcenter_asr_transcript" "running" { task_id = %q }
`, done, running)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.contactcenter_asr_transcript.done", tfjsonpath.New("done"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue("data.contactcenter_asr_transcript.done", tfjsonpath.New("status"), knownvalue.Int64Exact(30)),
					statecheck.ExpectKnownValue("data.contactcenter_asr_transcript.done", tfjsonpath.New("sentences"), knownvalue.ListSizeExact(6)),
					statecheck.ExpectKnownValue("data.contactcenter_asr_transcript.done", tfjsonpath.New("sentences").AtSliceIndex(0),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"index": knownvalue.Int64Exact(1), "channel_id": knownvalue.Int64Exact(0),
							"content": knownvalue.StringExact("您好，这里是客服中心，请问有什么可以帮您？"),
						})),
					statecheck.ExpectKnownValue("data.contactcenter_asr_transcript.running", tfjsonpath.New("done"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue("data.contactcenter_asr_transcript.running", tfjsonpath.New("sentences"), knownvalue.ListSizeExact(0)),
				},
			},
			{
				Config:      env.Config(`data "contactcenter_asr_transcript" "x" { task_id = "no-such-task" }`),
				ExpectError: voiceDiagRE(`Speech Recognition Task Not Found`),
			},
		},
	})
}
