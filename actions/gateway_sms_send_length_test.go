package actions_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// A template send whose filled message is over the gateway's 400
// characters fails the plan, naming the number, the length and the longest
// value by its variable (not by what it holds); it went out at invoke and
// the gateway refused it with 1014, after the apply had changed the
// resources that trigger it. Exactly 400 is sent. The template is
// "Code ${code} for ${name}": "Code 1234 for " is 14 characters.
func TestGatewaySMSSend_tooLongAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tpl := setupGateway(t, env, false)
	name := func(n int) string { return strings.Repeat("é", n) } // counted as characters, not bytes

	res := env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": []string{"13800000001", "13800000002"}, "tpl_id": tpl, "sms_params": map[string]string{"code": "1234", "name": name(390)},
	})
	want := "The message for every number is 404 characters once template " + tpl + " is filled (its longest value, ${name}, is 390 characters): " +
		"the gateway sends at most 400 characters in a message"
	if !res.HasError() || res.Phase != "plan" || !strings.Contains(res.Text(), want) || !strings.Contains(res.Text(), "code 1014") {
		t.Fatalf("phase %s: %s\nwant a plan error containing %q", res.Phase, res.Text(), want)
	}
	if strings.Contains(res.Text(), name(390)) {
		t.Errorf("the error quotes the value: %s", res.Text())
	}

	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": []string{"13800000003"}, "tpl_id": tpl, "sms_params_list": []string{"1234", name(391)},
	})
	if !res.HasError() || res.Phase != "plan" || !strings.Contains(res.Text(), "The message for every number is 405 characters") {
		t.Fatalf("sms_params_list: phase %s: %s", res.Phase, res.Text())
	}

	rs := []map[string]any{
		{"mobile": "13800000004", "sms_params_list": []string{"1234", "Ann"}},
		{"mobile": "13800000005", "sms_params_list": []string{"1234", name(387)}},
	}
	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"tpl_id": tpl, "recipients": rs})
	if want := "The message for 13800000005 is 401 characters once template " + tpl + " is filled (its longest value, ${name}, is 387 characters)"; !res.HasError() || res.Phase != "plan" || !strings.Contains(res.Text(), want) {
		t.Fatalf("recipients: phase %s: %s\nwant %q", res.Phase, res.Text(), want)
	}
	rs = append(rs, map[string]any{"mobile": "13800000006", "sms_params_list": []string{name(300), name(300)}})
	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"tpl_id": tpl, "recipients": rs})
	if want := "2 messages are over the limit once template " + tpl + " is filled: 13800000005 (401 characters; its longest value, ${name}, is 387 characters), 13800000006 (610 characters; its longest value, ${code}, is 300 characters). Each: the gateway"; !res.HasError() || res.Phase != "plan" || !strings.Contains(res.Text(), want) {
		t.Fatalf("two recipients: phase %s: %s\nwant %q", res.Phase, res.Text(), want)
	}
	for _, ep := range []string{"send_batch", "send_single", "send_file"} {
		if n := sends(env, ep); n != 0 {
			t.Errorf("%s called %d times, want 0: nothing is sent", ep, n)
		}
	}

	// 400 exactly fits, as the gateway and sms_fits say.
	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": []string{"13800000007"}, "tpl_id": tpl, "sms_params": map[string]string{"code": "1234", "name": name(386)},
	})
	if res.HasError() || !res.Completed {
		t.Fatalf("400 characters: phase %s: %s", res.Phase, res.Text())
	}
}
