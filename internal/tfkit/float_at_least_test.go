package tfkit_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// TestFloatAtLeast: a value below the bound is refused naming the
// attribute, the rule and the value as configured (not "0.000000" and
// "-1.000000"); the bound itself, null and unknown pass.
func TestFloatAtLeast(t *testing.T) {
	t.Parallel()
	p := path.Root("config").AtName("max_call_ratio")
	for _, tc := range []struct {
		v    types.Float64
		want string
	}{
		{types.Float64Value(-1), "Attribute config.max_call_ratio value must be at least 0, got: -1"},
		{types.Float64Value(-0.25), "Attribute config.max_call_ratio value must be at least 0, got: -0.25"},
		{types.Float64Value(0), ""},
		{types.Float64Value(2.5), ""},
		{types.Float64Null(), ""},
		{types.Float64Unknown(), ""},
	} {
		resp := &validator.Float64Response{}
		tfkit.FloatAtLeast(0).ValidateFloat64(context.Background(), validator.Float64Request{Path: p, ConfigValue: tc.v}, resp)
		got := ""
		if resp.Diagnostics.HasError() {
			got = resp.Diagnostics[0].Detail()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.v, got, tc.want)
		}
	}
}
