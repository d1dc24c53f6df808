package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccOutboundTask_unusedSettingsWarn: recall_strategies has one branch
// per enable_asr (§2.7.2) and config.call_ratio_type and manual_call_ratio
// are for predictive tasks (§2.7.1). A branch or setting the task does not
// use was sent, stored and silently never applied; the plan now warns,
// naming the attribute, the setting that makes it unused and the way out.
func TestAccOutboundTask_unusedSettingsWarn(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	task := func(body string) string {
		return `
resource "contactcenter_outbound_task" "t" {
  name     = "Renewals"
  type     = 3
  trans_to = "ivr_main"
` + body + `
}
`
	}
	rule := `{ recall = 1, recall_max_times = 2, recall_interval = [10, 30] }`
	for name, c := range map[string]struct {
		body string
		want []string
	}{
		"asr without enable_asr": {`recall_strategies = { asr = { "1" = ` + rule + ` } }`, []string{
			"Warning: Recall Strategies Not Used",
			"recall_strategies.asr is used only when enable_asr = true, and enable_asr is false (its default): the platform recalls by recall_strategies.default",
			"Set enable_asr = true to recall by reason, or write the strategy in recall_strategies.default."}},
		"default with enable_asr": {"enable_asr = true\n" + `recall_strategies = { default = ` + rule + ` }`, []string{
			"Warning: Recall Strategy Not Used",
			"recall_strategies.default is used only when enable_asr = false, and enable_asr is true: the platform recalls by recall_strategies.asr",
			"or set enable_asr = false."}},
		"call ratio of an automatic task": {`config = {
  call_ratio_type   = 1
  manual_call_ratio = 1.5
}`, []string{
			"Warning: Setting Not Used by This Task Type",
			"config.call_ratio_type and config.manual_call_ratio are used by predictive tasks only (type = 1), and this task is type = 3 (automatic): " +
				"the platform stores them and dials without them. Remove them, or make the task predictive."}},
		"branches in use": {"enable_asr = false\n" + `recall_strategies = {
  default = ` + rule + `
  asr     = {}
}`, nil},
		"asr in use": {"enable_asr = true\n" + `recall_strategies = { asr = { "2" = ` + rule + ` } }`, nil},
	} {
		w.WriteBody(task(c.body))
		out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
		for _, want := range c.want {
			if !strings.Contains(out, strings.Join(strings.Fields(want), " ")) {
				t.Errorf("%s: the plan lacks %q:\n%s", name, want, out)
			}
		}
		if c.want == nil && strings.Contains(out, "Not Used") {
			t.Errorf("%s: the plan warns:\n%s", name, out)
		}
	}
}
