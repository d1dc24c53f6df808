package framework

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
)

// TestShownLines: Terraform 1.15 and later (nested) keep every path; an
// older one is given the element of a path deeper than it (every one when
// the version is known, top nil; only those whose last name is a top-level
// attribute at validation), with the path named in the detail.
func TestShownLines(t *testing.T) {
	params := path.Root("recipients").AtListIndex(3).AtName("params").AtMapKey("name")
	mobile := path.Root("recipients").AtListIndex(3).AtName("mobile")
	top := path.Root("params").AtMapKey("name")
	var in diag.Diagnostics
	in.AddAttributeError(params, "Invalid Batch Value", "a comma")
	in.AddAttributeWarning(mobile, "Duplicate Recipient", "listed twice (recipients[3])")
	in.AddAttributeError(top, "Invalid Batch Value", "a comma")
	in.AddError("Elsewhere", "no path")

	if out := ShownLines(in, true, nil); !out.Equal(in) {
		t.Errorf("1.15: %v, want them unchanged", out)
	}
	at := path.Root("recipients").AtListIndex(3)
	for _, tc := range []struct {
		top  []string
		want diag.Diagnostics
	}{
		{nil, diag.Diagnostics{
			diag.NewAttributeErrorDiagnostic(at, "Invalid Batch Value", `recipients[3].params["name"]: a comma`),
			diag.NewAttributeWarningDiagnostic(at, "Duplicate Recipient", "listed twice (recipients[3])"),
			in[2], in[3]}},
		{[]string{"params", "recipients"}, diag.Diagnostics{
			diag.NewAttributeErrorDiagnostic(at, "Invalid Batch Value", `recipients[3].params["name"]: a comma`),
			in[1], in[2], in[3]}},
	} {
		if out := ShownLines(in, false, tc.top); !out.Equal(tc.want) {
			t.Errorf("before 1.15, top %v:\n got %v\nwant %v", tc.top, out, tc.want)
		}
	}
}
