package tfkit_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// TestElementErrorsAtElement: a null or a fraction in a list, and a null in
// a map, is refused at that element (callers[1], phones["k"]), so Terraform
// shows the element's line (`null,` in a list written one element a line);
// the error was at the whole attribute, its first line. A set's elements
// have no position: its errors stay at the set.
func TestElementErrorsAtElement(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := path.Root("callers")
	fraction, err := tfkit.WholeNumber.ValueFromTerraform(ctx, tftypes.NewValue(tftypes.Number, big.NewFloat(2.5)))
	if err != nil {
		t.Fatal(err)
	}
	at := func(name string, d diag.Diagnostics, want path.Path) {
		t.Helper()
		if len(d) != 1 {
			t.Fatalf("%s: %d diagnostics, want 1: %v", name, len(d), d)
		}
		got := path.Empty()
		if dp, ok := d[0].(diag.DiagnosticWithPath); ok {
			got = dp.Path()
		}
		if !got.Equal(want) {
			t.Errorf("%s: at %q, want %q (%s)", name, got, want, d[0].Detail())
		}
	}

	var list validator.ListResponse
	tfkit.NoNullElements.ValidateList(ctx, validator.ListRequest{Path: p,
		ConfigValue: types.ListValueMust(types.StringType, []attr.Value{types.StringValue("95001001"), types.StringNull()})}, &list)
	at("null in a list", list.Diagnostics, p.AtListIndex(1))

	var m validator.MapResponse
	tfkit.NoNullElements.ValidateMap(ctx, validator.MapRequest{Path: p,
		ConfigValue: types.MapValueMust(types.StringType, map[string]attr.Value{"a": types.StringValue("x"), "k": types.StringNull()})}, &m)
	at("null in a map", m.Diagnostics, p.AtMapKey("k"))

	var frac validator.ListResponse
	tfkit.WholeNumberElements.ValidateList(ctx, validator.ListRequest{Path: p,
		ConfigValue: types.ListValueMust(types.Int64Type, []attr.Value{types.Int64Value(3), fraction})}, &frac)
	at("fraction in a list", frac.Diagnostics, p.AtListIndex(1))
	if want := "callers must hold whole numbers, got 2.5 at callers[1]."; len(frac.Diagnostics) == 1 && frac.Diagnostics[0].Detail() != want {
		t.Errorf("fraction in a list: %q, want %q", frac.Diagnostics[0].Detail(), want)
	}

	var set validator.SetResponse
	tfkit.WholeNumberElements.ValidateSet(ctx, validator.SetRequest{Path: p,
		ConfigValue: types.SetValueMust(types.Int64Type, []attr.Value{types.Int64Value(3), fraction})}, &set)
	at("fraction in a set", set.Diagnostics, p)
}
