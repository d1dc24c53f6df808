package resources

import (
	"slices"
	"testing"
)

// TestInOrderOfAppearance: tpl_param is documented in order of appearance
// (a batch send gives each number its values in this order), but the
// platform's order was stored, and a list in another order changed outside
// Terraform at each refresh.
func TestInOrderOfAppearance(t *testing.T) {
	t.Parallel()
	text := "Dear ${name}, we call you at ${time} about ${order}."
	for _, tc := range []struct{ in, want []string }{
		{[]string{"time", "name", "order"}, []string{"name", "time", "order"}},
		{[]string{"order", "stray", "name"}, []string{"name", "order", "stray"}},
		{nil, []string{}},
	} {
		if got := inOrderOfAppearance(tc.in, text); !slices.Equal(got, tc.want) || got == nil {
			t.Errorf("inOrderOfAppearance(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
