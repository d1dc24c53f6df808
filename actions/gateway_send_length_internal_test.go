package actions

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A value known only at apply counts as empty, as sms_length and sms_fits
// count it: a message already too long without it fails the plan ("at
// least"), one that may fit is left to the gateway.
func TestTooLongMessages_unknownValues(t *testing.T) {
	const text = "Code ${code} for ${name}"
	params := func(name types.String) types.Map {
		return types.MapValueMust(types.StringType, map[string]attr.Value{"code": types.StringUnknown(), "name": name})
	}
	var diags diag.Diagnostics
	tooLongMessages(text, "7", gatewaySMSSendModel{Recipients: types.ListNull(types.ObjectType{}), SmsParamsList: types.ListNull(types.StringType),
		SmsParams: params(types.StringValue(strings.Repeat("x", 391)))}, nil, &diags)
	if want := "The message for every number is at least 401 characters (values known only at apply counted as empty) once template 7 is filled " +
		"(its longest value, ${name}, is 391 characters)"; diags.ErrorsCount() != 1 || !strings.Contains(diags[0].Detail(), want) {
		t.Fatalf("%v, want one error containing %q", diags, want)
	}
	diags = nil
	tooLongMessages(text, "7", gatewaySMSSendModel{Recipients: types.ListNull(types.ObjectType{}), SmsParamsList: types.ListNull(types.StringType),
		SmsParams: params(types.StringValue(strings.Repeat("x", 390)))}, nil, &diags)
	if len(diags) != 0 {
		t.Fatalf("400 without the unknown value: %v, want nothing (the invoke checks it)", diags)
	}
}
