package actions_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestSMSSendAction_invisibleValueIsNone: a value of white space only is
// no value (TestSMSSendAction_emptyAndUnusedValues), and so is one of an
// invisible character alone (a zero-width space pasted from a web page, a
// byte order mark from a file saved as "UTF-8 with BOM"), which ccsync
// refuses in a recipients file ("holds nothing but the invisible
// character"): the provider sent "Hi ." with the character unseen in it.
func TestSMSSendAction_invisibleValueIsNone(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tid := approvedTemplate(t, env, "Hi ${name}")
	rs := []any{
		map[string]any{"mobile": "13900000061", "params": map[string]string{"name": "\u200b"}},
		map[string]any{"mobile": "13900000062", "params": map[string]string{"name": "B"}},
	}
	res := env.RunAction(t, "contactcenter_sms_send", map[string]any{"template_id": tid, "recipients": rs})
	if !strings.Contains(res.Text(), "Missing Template Value: recipients[0] (13900000061) has no value for ${name}. Template "+tid+" uses ${name}") {
		t.Errorf("a zero-width space alone: %s", res.Text())
	}
	if n := env.Sim.Stats()["POST /open/sms/send"]; n != 0 {
		t.Errorf("nothing may be sent: sms/send called %d times", n)
	}
}
