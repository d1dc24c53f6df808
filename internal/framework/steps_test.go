package framework

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// DiagsError keeps every error diagnostic, summary and detail, and drops
// warnings; no error is a nil error.
func TestDiagsError(t *testing.T) {
	t.Parallel()
	var d diag.Diagnostics
	d.AddWarning("Careful", "only a warning")
	if err := DiagsError(d); err != nil {
		t.Fatalf("warnings only: got %v, want nil", err)
	}
	d.AddError("Value Conversion Error", "expected a set of strings")
	d.AddError("Invalid Element", "null at members[2]")
	err := DiagsError(d)
	want := "Value Conversion Error: expected a set of strings\nInvalid Element: null at members[2]"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
}
