package actions_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestGatewaySMSSend_missingValues: a send that leaves a variable of the
// template without a value (sms_params with a misspelt name, a list one
// value short, a recipient's short line, no values at all) planned without a
// word and went out at invoke, where the gateway refused it whole with
// 1015, "template parameter abnormal", naming neither the variable nor the
// number (the simulator's message says more than the spec's). The plan,
// and the invoke for values known only then, now refuse it before anything
// is sent, naming the attribute, the variable and the template's order.
// The template is "Code ${code} for ${name}".
func TestGatewaySMSSend_missingValues(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tpl := setupGateway(t, env, false)
	why := "the gateway fills every variable of template " + tpl + " (${code}, ${name}, in this order) and refuses a send that leaves one without a value (code 1015"
	for _, c := range []struct {
		config map[string]any
		want   string
	}{
		{map[string]any{"mobiles": []string{"13800000001"}, "tpl_id": tpl, "sms_params": map[string]string{"code": "1234", "nmae": "Ann"}},
			"sms_params has no value for ${name}: " + why},
		{map[string]any{"mobiles": []string{"13800000001"}, "tpl_id": tpl, "sms_params": map[string]string{"code": "1234", "nmae": "Ann"}},
			"sms_params names nmae, which the template does not use (a misspelt name?)"},
		{map[string]any{"mobiles": []string{"13800000001", "13800000002"}, "tpl_id": tpl, "sms_params_list": []string{"1234"}},
			"sms_params_list has 1 value, and template " + tpl + " has 2 variables: " + why},
		{map[string]any{"mobiles": []string{"13800000001"}, "tpl_id": tpl},
			"Neither sms_params nor sms_params_list is set, so no values are sent: " + why},
		{map[string]any{"tpl_id": tpl, "recipients": []map[string]any{
			{"mobile": "13800000004", "sms_params_list": []string{"1234", "Ann"}},
			{"mobile": "13800000005", "sms_params_list": []string{"1234"}}}},
			"The line for 13800000005 has 1 value (recipients[1].sms_params_list over sms_params_list), and template " + tpl + " has 2 variables: " + why},
	} {
		res := env.RunAction(t, "contactcenter_gateway_sms_send", c.config)
		if !res.HasError() || res.Phase != "plan" || !strings.Contains(res.Text(), "Missing Template Values") || !strings.Contains(res.Text(), c.want) {
			t.Errorf("%v: phase %s: %s\nwant a plan error containing %q", c.config, res.Phase, res.Text(), c.want)
		}
	}
	// Known only at invoke (the values from another resource): refused
	// there, before anything is sent.
	res := acctest.InvokeOnly(t, env.ActionServer(t), "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": numbers(450), "tpl_id": tpl, "sms_params": map[string]string{"code": "1234"},
	})
	if want := "sms_params has no value for ${name}: " + why; !res.HasError() || !strings.Contains(res.Text(), want) || !strings.Contains(res.Text(), "No number was sent") {
		t.Errorf("invoke: %s\nwant an error containing %q", res.Text(), want)
	}
	for _, ep := range []string{"send_batch", "send_single", "send_file"} {
		if n := sends(env, ep); n != 0 {
			t.Errorf("%s called %d times, want 0: nothing is sent", ep, n)
		}
	}
	// Every variable with a value: sent.
	res = env.RunAction(t, "contactcenter_gateway_sms_send", map[string]any{"tpl_id": tpl, "sms_params_list": []string{"1234", "Ann"}, "recipients": []map[string]any{
		{"mobile": "13800000006"}, {"mobile": "13800000007", "sms_params_list": []string{"99"}}}})
	if res.HasError() || !res.Completed {
		t.Errorf("values for every variable: phase %s: %s", res.Phase, res.Text())
	}
}

// TestActions_refusedAtInvokeSaysNothingWasDone: a check that fails at
// invoke, on values known only then (a number from another resource listed
// twice, a malformed one), failed the action with the check's words alone:
// "+8613800000011 is listed twice", and the campaign's operator could not
// tell whether the other numbers had been sent, nor, the action run by an
// after_create trigger, how to run it again. The error now says nothing was
// done, and how to run it again.
func TestActions_refusedAtInvokeSaysNothingWasDone(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	res := acctest.InvokeOnly(t, srv, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": append(numbers(300), "+8613900000001"), "sms_text": "hello", "sign_text": "Acme"})
	text := res.Text()
	if !res.HasError() || !strings.Contains(text, "+8613900000001 is listed twice") ||
		!strings.Contains(text, "Nothing was done: the action checks its configuration again, every value known, before it makes any call. "+
			"To run it again (a trigger such as after_create does not fire on the next apply, whose plan is empty): terraform apply -invoke=action.contactcenter_gateway_sms_send.<name>") {
		t.Errorf("%s\nwant it to say that nothing was sent and how to run it again", text)
	}
	if strings.Count(text, "Nothing was done") != 1 {
		t.Errorf("said %d times: %s", strings.Count(text, "Nothing was done"), text)
	}
	if n := sends(env, "send_sms"); n != 0 {
		t.Errorf("send_sms called %d times: nothing may be sent", n)
	}
}
