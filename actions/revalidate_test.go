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

// TestActions_invokeChecksNameTheAttribute: a check that runs again at
// invoke (the value came from another object, unknown at plan) is shown by
// Terraform without the attribute's line, on the action_trigger, or with
// nothing under -invoke: "Invalid Mobile Number: "" is not a mobile
// number" did not say which of the numbers. The detail names it.
func TestActions_invokeChecksNameTheAttribute(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	res := acctest.InvokeOnly(t, srv, "contactcenter_gateway_sms_send",
		map[string]any{"mobiles": []string{"13800000001", ""}, "sms_text": "Welcome", "sign_text": "Acme"})
	if !res.HasError() || !strings.Contains(res.Text(), `Invalid Mobile Number: mobiles[1]: "" is not a mobile number`) {
		t.Errorf("diagnostics: %s", res.Text())
	}
	res = acctest.InvokeOnly(t, srv, "contactcenter_sms_send", map[string]any{"template_id": "7", "recipients": []map[string]any{
		{"mobile": "13800000001", "params": map[string]string{"name": "Ann"}},
		{"mobile": "13800000002", "params": map[string]string{"name": "Lee, Bo"}},
	}})
	if !res.HasError() || !strings.Contains(res.Text(), `Invalid Batch Value: recipients[1].params["name"]: The value of ${name}`) {
		t.Errorf("diagnostics: %s", res.Text())
	}
	// A detail that names its attribute already is kept as it is, also
	// where it writes a map key with a dot.
	res = acctest.InvokeOnly(t, srv, "contactcenter_call_user_data",
		map[string]any{"call_id": "c1", "business_status": "1", "user_data": map[string]string{"business_status": "0"}})
	if !strings.Contains(res.Text(), `Conflicting Business Status: user_data.business_status ("0") differs`) {
		t.Errorf("diagnostics: %s", res.Text())
	}
	res = acctest.InvokeOnly(t, srv, "contactcenter_asr_transcribe",
		map[string]any{"speech_file_url": "https://files.example.com/call.wav", "timeouts": map[string]any{"invoke": "-1m"}})
	if strings.Contains(res.Text(), "timeouts.invoke: ") {
		t.Errorf("the attribute named twice: %s", res.Text())
	}
}
