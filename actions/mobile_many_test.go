package actions_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestGatewaySMSSend_manyBadNumbersOneError: a customer file whose mobile
// column is written "+86 138-0000-0001" (csvdecode, a recipient a row) gave
// one "Invalid Mobile Number" a number: 1,000 rows, 1,000 errors and 13,000
// lines of output, each with the same source lines. Several bad numbers
// are now one error at the list, naming three, how many, and the function
// that fixes them; one bad number is still said at its place.
func TestGatewaySMSSend_manyBadNumbersOneError(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	var rs []map[string]any
	var ms []string
	for i := range 1000 {
		rs = append(rs, map[string]any{"mobile": fmt.Sprintf("+86 138-%04d-%04d", i/100, i), "sms_params_list": []string{"Ann"}})
		ms = append(ms, fmt.Sprintf("1380000%04d", i))
	}
	ms[5], ms[700] = "1380000", "１３８００１３８０００"
	for name, c := range map[string]struct {
		config map[string]any
		want   string
	}{
		"recipients": {map[string]any{"tpl_id": "1", "recipients": rs},
			`1000 numbers are not mobile numbers: recipients[0].mobile "+86 138-0000-0000", recipients[1].mobile "+86 138-0000-0001", recipients[2].mobile "+86 138-0000-0002" and 997 more. ` +
				"The gateway takes 11 digits starting with 1 (second digit 3-9), optionally prefixed +86 or 86, and answers code 1012 otherwise. " +
				"They are written with spaces, dashes, dots or brackets (+86 (138) 0013-8000) or with a 0086 prefix: pass them through provider::contactcenter::mobile_normalize, which takes them out."},
		"mobiles": {map[string]any{"sms_text": "hi", "sign_text": "Acme", "mobiles": ms},
			`2 numbers are not mobile numbers: mobiles[5] "1380000", mobiles[700] "１３８００１３８０００". The gateway takes 11 digits`},
	} {
		for _, res := range []acctest.ActionResult{acctest.PlanOnly(t, srv, "contactcenter_gateway_sms_send", c.config), acctest.InvokeOnly(t, srv, "contactcenter_gateway_sms_send", c.config)} {
			errs := 0
			for _, d := range res.Diagnostics {
				if d.Severity == tfprotov6.DiagnosticSeverityError {
					errs++
				}
			}
			if errs != 1 || !strings.Contains(res.Text(), c.want) {
				t.Errorf("%s at %s: %d errors: %.2000s\nwant one error containing %q", name, res.Phase, errs, res.Text(), c.want)
			}
		}
	}
	// Some of them fixable by mobile_normalize: one is said in the
	// singular ("1 of them are written ...").
	res := acctest.PlanOnly(t, srv, "contactcenter_gateway_sms_send", map[string]any{"sms_text": "hi", "sign_text": "Acme",
		"mobiles": []string{"+86 138-0000-0002", "12345", "1380000"}})
	if want := " 1 of them is written with spaces, dashes, dots or brackets or with a 0086 prefix, which provider::contactcenter::mobile_normalize takes out."; !strings.Contains(res.Text(), want) {
		t.Errorf("one fixable of three: %s\nwant %q", res.Text(), want)
	}
	// One bad number: at its place, as before.
	res = acctest.PlanOnly(t, srv, "contactcenter_gateway_sms_send", map[string]any{"tpl_id": "1", "recipients": rs[:1]})
	if want := `recipients[0].mobile: "+86 138-0000-0000" is not a mobile number: the gateway takes 11 digits`; !strings.Contains(res.Text(), want) {
		t.Errorf("one number: %s\nwant %q", res.Text(), want)
	}
}

// TestGatewaySMSSend_manyDuplicatesOneError: a customer list appended to
// itself gave one "Duplicate Mobile Number" a number (500 numbers, 500
// errors). Several are now one error at the list, naming three and how
// many; one is still said at its place.
func TestGatewaySMSSend_manyDuplicatesOneError(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	var ms []string
	for i := range 500 {
		ms = append(ms, fmt.Sprintf("1380000%04d", i))
	}
	ms = append(ms, ms...)
	res := acctest.PlanOnly(t, srv, "contactcenter_gateway_sms_send", map[string]any{"sms_text": "hi", "sign_text": "Acme", "mobiles": ms})
	want := "500 numbers are listed twice: 13800000000 (mobiles[0] and mobiles[500]), 13800000001 (mobiles[1] and mobiles[501]), " +
		"13800000002 (mobiles[2] and mobiles[502]) and 497 more. Each number may appear once, or it gets (and is billed for) the message twice."
	if len(res.Diagnostics) != 1 || !strings.Contains(res.Text(), want) {
		t.Errorf("%d diagnostics: %.2000s\nwant one containing %q", len(res.Diagnostics), res.Text(), want)
	}
	res = acctest.PlanOnly(t, srv, "contactcenter_gateway_sms_send", map[string]any{"sms_text": "hi", "sign_text": "Acme", "mobiles": []string{"13800000001", "+8613800000001"}})
	if want := "+8613800000001 is listed twice (mobiles[0] and mobiles[1]); each number may appear once"; len(res.Diagnostics) != 1 || !strings.Contains(res.Text(), want) {
		t.Errorf("one: %s\nwant %q", res.Text(), want)
	}
}
