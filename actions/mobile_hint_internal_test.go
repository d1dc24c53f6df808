package actions

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The mobile_normalize hint is given where the function makes the number
// valid (separators: spaces, dashes, and since it reads a number as a
// recipient list's cell does, brackets and dots), not for another
// country's number or too few digits, which it refuses.
func TestMobileValidator_normalizeHint(t *testing.T) {
	const hint = "provider::contactcenter::mobile_normalize"
	for value, wantHint := range map[string]bool{
		"+86 138-0013-8000": true,
		"138 0013 8000":     true,
		"(138) 0013 8000":   true,
		"138.0013.8001":     true,
		"138/0013/8001":     false,
		"+1 415-555-0100":   false,
		"138 10":            false,
	} {
		var resp validator.StringResponse
		mobileValidator{}.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("mobiles").AtListIndex(0), ConfigValue: types.StringValue(value)}, &resp)
		if resp.Diagnostics.ErrorsCount() != 1 {
			t.Errorf("%q: %v, want one error", value, resp.Diagnostics)
			continue
		}
		if got := strings.Contains(resp.Diagnostics[0].Detail(), hint); got != wantHint {
			t.Errorf("%q: hint given %v, want %v: %s", value, got, wantHint, resp.Diagnostics[0].Detail())
		}
	}
}

// A number typed with full-width digits looks like one the gateway takes:
// the error says what is wrong with it, as mobile_normalize does.
func TestMobileValidator_lookalike(t *testing.T) {
	for value, want := range map[string]string{
		"１３８００１３８０００": `mobiles[0]: "１３８００１３８０００" is not a mobile number: the gateway takes 11 digits starting with 1 (second digit 3-9), optionally prefixed +86 or 86, and answers code 1012 otherwise. ` +
			"It holds full-width digits (０-９), as an input method types them: type the number with ASCII digits 0-9.",
		"＋8613800138000":    `It holds the full-width character '＋', as an input method types them: type the number with ASCII digits 0-9.`,
		"138\u200b00138000": `"138\u200b00138000" is not a mobile number: the gateway takes 11 digits starting with 1 (second digit 3-9), optionally prefixed +86 or 86, and answers code 1012 otherwise. It holds the invisible character U+200B (pasted with the number?): type the number again.`,
		"12800138000":       "and answers code 1012 otherwise.",
		// mobile_normalize reads these as a recipient list's cell does.
		"(+86) 138.0013.8000": "or with a 0086 prefix can be passed through provider::contactcenter::mobile_normalize, which takes them out.",
		"0086 138 0013 8000":  "or with a 0086 prefix can be passed through provider::contactcenter::mobile_normalize",
	} {
		var resp validator.StringResponse
		mobileValidator{}.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("mobiles").AtListIndex(0), ConfigValue: types.StringValue(value)}, &resp)
		if resp.Diagnostics.ErrorsCount() != 1 {
			t.Errorf("%q: %v, want one error", value, resp.Diagnostics)
			continue
		}
		if got := resp.Diagnostics[0].Detail(); !strings.Contains(got, want) || value == "12800138000" && strings.Contains(got, "It holds") {
			t.Errorf("%q: detail %q, want one containing %q", value, got, want)
		}
	}
}

// contactcenter_sms_send's recipients say the same of a number typed with
// full-width digits, and point to mobile_normalize for one with spaces.
func TestPhoneValidator_lookalike(t *testing.T) {
	for value, want := range map[string]string{
		"１３８００１３８０００": `Attribute recipients[0].mobile must be a phone number: 5 to 20 digits, optionally after a leading +, got "１３８００１３８０００". ` +
			"It holds full-width digits (０-９), as an input method types them: type the number with ASCII digits 0-9.",
		"+86 138-0013-8000": `got "+86 138-0013-8000". A number written with spaces, dashes, dots or brackets (+86 (138) 0013-8000) or with a 0086 prefix can be passed through provider::contactcenter::mobile_normalize, which takes them out.`,
	} {
		var resp validator.StringResponse
		phoneValidator{}.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("recipients").AtListIndex(0).AtName("mobile"), ConfigValue: types.StringValue(value)}, &resp)
		if resp.Diagnostics.ErrorsCount() != 1 || !strings.Contains(resp.Diagnostics[0].Detail(), want) {
			t.Errorf("%q: %v, want one error containing %q", value, resp.Diagnostics, want)
		}
	}
}
