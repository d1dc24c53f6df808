package datasources_test

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// A transcript read for weeks is dropped by the platform 30 days after its
// task started (§8, ASR result retention): from that day the data source
// fails every plan of the configuration, whatever else it changes. The
// error said only "The task does not exist, or its result is older than 30
// days": it now says that this stays so and what to do (take the data
// source out, keep the text elsewhere while it can be read).
func TestAccASRTranscriptDataSource_agedOut(t *testing.T) {
	t.Parallel()
	var offset atomic.Int64
	env := acctest.New(t, func(o *simulator.Options) {
		o.Now = func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }
	})
	env.Sim.SetASRDuration(time.Millisecond)
	id, err := env.Client(t).ASR.Recognize(t.Context(), client.ASRRequest{SpeechFileURL: "https://files.example.com/done.wav"})
	if err != nil {
		t.Fatal(err)
	}
	// The 1 ms conversion ends: wait until the platform says so.
	if _, err := env.Client(t).ASR.Wait(t.Context(), id, time.Millisecond, 10*time.Millisecond, nil); err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	w.WriteBody(fmt.Sprintf(`data "contactcenter_asr_transcript" "call" { task_id = %q }
output "said" { value = length(data.contactcenter_asr_transcript.call.sentences) }
`, id))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	offset.Store(int64(31 * 24 * time.Hour))
	out := strings.Join(strings.Fields(w.Must(1, "plan", "-no-color")), " ")
	for _, want := range []string{
		`Error: Speech Recognition Task Not Found`,
		`The task does not exist, or its result is older than 30 days: the platform keeps a result 30 days from the task's start, then forgets the task (spec §8).`,
		`Every plan that reads this data source fails from now on: remove it (or this task_id) from the configuration.`,
		`To keep a transcript longer, save it while it can be read (the contactcenter_asr_transcribe action's output_file, or a local_file resource with this data source's sentences).`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
}
