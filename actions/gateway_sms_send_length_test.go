package actions_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
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

// TestGatewaySMSSend_tooLongAtInvoke: a tpl_id known only at apply (the id
// of a gateway template created in the same apply) skips the plan's length
// check; the messages went out and the gateway refused the whole send with
// 1014 ("408 after filling the template"), naming neither the number nor
// the value. The invoke now reads the template and refuses them before
// anything is sent, as the plan does, with one get_template; a 1016 after
// it is explained from that read, not a second one.
func TestGatewaySMSSend_tooLongAtInvoke(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	tpl := setupGateway(t, env, false)
	srv := env.ActionServer(t)
	name := strings.Repeat("N", 394) // "Code 1234 for " is 14 characters: 408

	res := acctest.InvokeOnly(t, srv, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": numbers(450), "tpl_id": tpl, "sms_params": map[string]string{"code": "1234", "name": name},
	})
	want := "sms_params: The message for every number is 408 characters once template " + tpl + " is filled (its longest value, ${name}, is 394 characters): " +
		"the gateway sends at most 400 characters in a message"
	if !res.HasError() || !strings.Contains(res.Text(), want) || !strings.Contains(res.Text(), "No number was sent. To run it again") {
		t.Fatalf("%s\nwant an error containing %q", res.Text(), want)
	}
	if strings.Contains(res.Text(), name) {
		t.Errorf("the error quotes the value: %s", res.Text())
	}
	rs := []map[string]any{
		{"mobile": "13800000004", "sms_params_list": []string{"1234", "Ann"}},
		{"mobile": "13800000005", "sms_params_list": []string{"1234", name}},
	}
	res = acctest.InvokeOnly(t, srv, "contactcenter_gateway_sms_send", map[string]any{"tpl_id": tpl, "recipients": rs})
	if want := "The message for 13800000005 is 408 characters once template " + tpl + " is filled"; !res.HasError() || !strings.Contains(res.Text(), want) {
		t.Fatalf("recipients: %s\nwant %q", res.Text(), want)
	}
	for _, ep := range []string{"send_batch", "send_single", "send_file"} {
		if n := sends(env, ep); n != 0 {
			t.Errorf("%s called %d times, want 0: nothing is sent", ep, n)
		}
	}

	// Within the limit: sent, after one read of the template.
	reads := func() int { return env.Sim.Stats()["POST /smsapi/tpl/v1/get_template"] }
	r0 := reads()
	res = acctest.InvokeOnly(t, srv, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": []string{"13800000007"}, "tpl_id": tpl, "sms_params": map[string]string{"code": "1234", "name": "Ann"},
	})
	if res.HasError() || sends(env, "send_batch") != 1 || reads()-r0 != 1 {
		t.Fatalf("within the limit: %d send_batch, %d get_template: %s", sends(env, "send_batch"), reads()-r0, res.Text())
	}
	// A template rejected by now: the gateway's 1016 is explained from the
	// same read (one get_template).
	if err := env.Sim.Review("gateway_template", tpl, 2, "no codes in marketing"); err != nil {
		t.Fatal(err)
	}
	r0 = reads()
	res = acctest.InvokeOnly(t, srv, "contactcenter_gateway_sms_send", map[string]any{
		"mobiles": []string{"13800000008"}, "tpl_id": tpl, "sms_params": map[string]string{"code": "1234", "name": "Ann"},
	})
	if !res.HasError() || !strings.Contains(res.Text(), "was rejected by the review: no codes in marketing") || reads()-r0 != 1 {
		t.Fatalf("rejected: %d get_template: %s", reads()-r0, res.Text())
	}
}

// TestAccGatewaySMSSend_tooLongTemplateOfTheSameApply runs the case through
// Terraform (1.14+): the template is created in the apply whose
// action_trigger sends with it, so tpl_id is unknown at plan. The apply
// fails before anything is sent, naming the value's variable.
func TestAccGatewaySMSSend_tooLongTemplateOfTheSameApply(t *testing.T) {
	t.Parallel()
	env := acctest.New(t, func(o *simulator.Options) { o.AutoApprove = time.Nanosecond })
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)},
		Steps: []resource.TestStep{{
			PreConfig: func() { setupGateway(t, env, false) },
			Config: env.Config(`
resource "contactcenter_gateway_sms_template" "promo" {
  tpl_title = "promo"
  tpl_text  = "Hello $${name}, our sale starts now."
  tpl_type  = 3
  sign_text = "Acme"
  wait_for_approval = true
}

action "contactcenter_gateway_sms_send" "promo" {
  config {
    tpl_id     = contactcenter_gateway_sms_template.promo.id
    mobiles    = ["13800000001", "13800000002"]
    sms_params = { name = "` + strings.Repeat("N", 380) + `" }
  }
}

resource "terraform_data" "go" {
  input = contactcenter_gateway_sms_template.promo.id
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.contactcenter_gateway_sms_send.promo]
    }
  }
}
`),
			ExpectError: regexp.MustCompile(`(?s)SMS Message Too Long.*sms_params: The message for every number is\s+408\s+characters.*No number\s+was\s+sent`),
		}},
	})
	if n := sends(env, "send_batch"); n != 0 {
		t.Errorf("send_batch called %d times, want 0", n)
	}
}
