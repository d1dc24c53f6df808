package actions_test

import (
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestGatewaySMSSend_unknownProgressSaysWhy: a request whose outcome is
// unknown was shown as "outcome unknown for 200 numbers (the answer was
// lost)" whatever happened, also when the gateway answered code 1010
// (sending timed out) or HTTP 503: an operator watching a campaign looked
// for a network fault. The progress line now says what came back; a lost
// answer (HTTP 504 from a gateway in front) still says it was lost.
func TestGatewaySMSSend_unknownProgressSaysWhy(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	config := map[string]any{"mobiles": []string{"13800138002"}, "sms_text": "hi", "sign_text": "Acme"}
	for _, c := range []struct{ faults, want string }{
		{`{"force":[{"method":"POST","path":"/smsapi/sms/v1/send_sms","code":1010,"count":1}]}`,
			"send_sms request 1 of 1: outcome unknown for 1 number (the gateway answered code 1010, sending timed out)"},
		{`{"error_rate":1}`, "send_sms request 1 of 1: outcome unknown for 1 number (answered HTTP 503)"},
		{`{"force":[{"method":"POST","path":"/smsapi/sms/v1/send_sms","lost":true,"count":1}]}`,
			"send_sms request 1 of 1: outcome unknown for 1 number (the answer was lost)"},
	} {
		postAdmin(t, env, "/_sim/faults", c.faults)
		res := env.RunAction(t, "contactcenter_gateway_sms_send", config)
		if !res.HasError() || len(res.Progress) == 0 || res.Progress[0] != c.want {
			t.Errorf("%s: progress %q, want %q\n%s", c.faults, res.Progress, c.want, res.Text())
		}
	}
}
