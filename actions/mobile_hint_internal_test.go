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
// valid (spaces and dashes), not for brackets, dots, another country's
// number or too few digits, which it refuses or leaves invalid.
func TestMobileValidator_normalizeHint(t *testing.T) {
	const hint = "provider::contactcenter::mobile_normalize"
	for value, wantHint := range map[string]bool{
		"+86 138-0013-8000": true,
		"138 0013 8000":     true,
		"(138) 0013 8000":   false,
		"138.0013.8001":     false,
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
