package actions_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestActions_timeoutsCheckedAgainAtInvoke: timeouts.invoke written from
// another object's attribute is unknown at validation, which skips its
// check; invoked with "-1m", the speech-recognition action started a task
// and gave up on it at once. The nested attributes' checks now run again
// at invoke, and no task starts.
func TestActions_timeoutsCheckedAgainAtInvoke(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	res := acctest.InvokeOnly(t, env.ActionServer(t), "contactcenter_asr_transcribe",
		map[string]any{"speech_file_url": "https://files.example.com/call.wav", "timeouts": map[string]any{"invoke": "-1m"}})
	if !res.HasError() || !strings.Contains(res.Text(), `Invalid Timeout: timeouts.invoke must be a positive duration, such as "90s" or "30m", got "-1m"`) {
		t.Errorf("diagnostics: %s", res.Text())
	}
	for k, n := range env.Sim.Stats() {
		if strings.Contains(k, "/asr/") && n > 0 {
			t.Errorf("%s called %d times: no task may start", k, n)
		}
	}
}
