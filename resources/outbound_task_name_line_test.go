package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccOutboundTask_emptyNestedNameLine: an empty worktime.name or
// config.tts.name was refused at that nested path, which Terraform before
// 1.15 looks up among the resource's top-level attributes: both errors
// showed the task's own `name = "Renewals"` line, another attribute (and a
// pull request's annotation went there). They are shown at the object that
// holds the name now: worktime = { (any version), and config.tts at
// tts = { on 1.15 (the resource block before).
func TestAccOutboundTask_emptyNestedNameLine(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(`
resource "contactcenter_outbound_task" "t" {
  name     = "Renewals"
  type     = 4
  callers  = ["95001001"]
  trans_to = "7"
  config = {
    max_call_ratio   = 2
    nlp_silence_time = 1
    enable_scheduler = false
    agent_wait_time  = 1
    que_id           = 1
    tts = {
      provider = "ali"
      name     = ""
    }
  }
  worktime = {
    name    = ""
    working = { "1" = [["09:00:00", "18:00:00"]] }
  }
}
`)
	_, out := w.Run("plan", "-json")
	var lines []string
	for _, d := range acctest.JSONDiagnostics(out) {
		if d.Severity != "error" {
			continue
		}
		code := d.Code
		lines = append(lines, code)
		switch {
		case strings.Contains(d.Detail, "worktime.name"):
			if !strings.HasPrefix(code, "worktime = {") {
				t.Errorf("the error of worktime.name shows %q; want the worktime line", code)
			}
		case strings.Contains(d.Detail, "config.tts.name"):
			if !strings.HasPrefix(code, "tts = {") && !strings.HasPrefix(code, `resource "contactcenter_outbound_task" "t"`) {
				t.Errorf("the error of config.tts.name shows %q; want the tts line or the resource block", code)
			}
		default:
			t.Errorf("unexpected error at %q: %s", code, d.Detail)
		}
	}
	if len(lines) != 2 {
		t.Errorf("%d errors, want 2 (worktime.name, config.tts.name)", len(lines))
	}
	if t.Failed() {
		t.Log(out)
	}
}
