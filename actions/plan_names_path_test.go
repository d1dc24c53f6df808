package actions_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestActions_planNamesAttribute: an action that a resource's
// action_trigger plans has its plan's errors shown at the trigger's
// `actions = [...]` line ("Failed to plan action", Terraform 1.15), not at
// the attribute's: `"12345" is not a mobile number` did not say which of
// mobiles it was, nor "The value of ${code} ... holds a comma" which
// recipient. The plan's details name the attribute now, as an invoke's do.
func TestActions_planNamesAttribute(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	for name, tc := range map[string]struct {
		typ    string
		config map[string]any
		want   string
	}{
		"gateway, a malformed number": {"contactcenter_gateway_sms_send",
			map[string]any{"mobiles": []string{"13800138000", "12345"}, "sms_text": "hello", "sign_text": "Acme"},
			`Invalid Mobile Number: mobiles[1]: "12345" is not a mobile number`},
		"sms_send, a comma in a batch value": {"contactcenter_sms_send",
			map[string]any{"template_id": "1", "recipients": []any{
				map[string]any{"mobile": "13900000001", "params": map[string]string{"code": "1"}},
				map[string]any{"mobile": "13900000002", "params": map[string]string{"code": "a,b"}},
			}},
			`Invalid Batch Value: recipients[1].params["code"]: The value of ${code}, "a,b", holds a comma`},
		// A detail that names its attribute is left as it is.
		"sms_send, a number listed twice": {"contactcenter_sms_send",
			map[string]any{"template_id": "1", "recipients": []any{map[string]any{"mobile": "13900000001"}, map[string]any{"mobile": "13900000001"}}},
			"Duplicate Recipient: 13900000001 is listed twice (recipients[0] and recipients[1])"},
	} {
		res := acctest.PlanOnly(t, srv, tc.typ, tc.config)
		if !res.HasError() || !strings.Contains(res.Text(), tc.want) {
			t.Errorf("%s: plan gave %q, want an error with %q", name, res.Text(), tc.want)
		}
	}
}
