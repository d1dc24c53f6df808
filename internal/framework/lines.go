package framework

import (
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
)

// ShownLines moves the diagnostics of attributes nested in a list or map
// element (recipients[3].params) to a line that Terraform before 1.15 shows
// right. Terraform before 1.15 looks the last name of a nested path up
// among the top-level attributes of the block (hashicorp/terraform#33491):
// an error at recipients[3].params of contactcenter_sms_send showed the
// action's top-level `params = {` line, another attribute, and one at
// recipients[1].sms_params_list[0] of contactcenter_gateway_sms_send the
// first value of the top-level sms_params_list. It shows an element of a
// top-level attribute (recipients[3]) at that element.
//
// With nested (Terraform 1.15 or later: tfkit.ShowsNestedPaths) diags are
// returned as they are. Otherwise a diagnostic at such a path is moved to
// the element (recipients[3]), and its detail starts with the path it is
// about unless it names it: with top nil (Terraform is known to be older
// than 1.15) every such path is moved; with top, the block's top-level
// attribute names (at validation, when the version is not known), only a
// path whose last name is one of them, which is shown at the wrong line,
// where a path such as recipients[3].mobile (no top-level mobile) is shown
// at the block by an older Terraform and at its own line by 1.15.
func ShownLines(diags diag.Diagnostics, nested bool, top []string) diag.Diagnostics {
	if nested {
		return diags
	}
	out := make(diag.Diagnostics, 0, len(diags))
	for _, d := range diags {
		pd, ok := d.(diag.DiagnosticWithPath)
		if !ok {
			out = append(out, d)
			continue
		}
		at, moved := shownPath(pd.Path(), top)
		if !moved {
			out = append(out, d)
			continue
		}
		detail := d.Detail()
		if !namesPath(detail, pd.Path()) {
			detail = pd.Path().String() + ": " + detail
		}
		if d.Severity() == diag.SeverityError {
			out = append(out, diag.NewAttributeErrorDiagnostic(at, d.Summary(), detail))
		} else {
			out = append(out, diag.NewAttributeWarningDiagnostic(at, d.Summary(), detail))
		}
	}
	return out
}

// shownPath is p's top-level attribute and element (recipients[3]) when p
// goes further into the element and, with top, its last attribute name is
// one of top.
func shownPath(p path.Path, top []string) (path.Path, bool) {
	steps := p.Steps()
	if len(steps) < 3 {
		return p, false
	}
	if _, ok := steps[0].(path.PathStepAttributeName); !ok {
		return p, false
	}
	switch steps[1].(type) {
	case path.PathStepElementKeyInt, path.PathStepElementKeyString:
	default:
		return p, false
	}
	if top != nil {
		last := ""
		for _, s := range steps[2:] {
			if n, ok := s.(path.PathStepAttributeName); ok {
				last = string(n)
			}
		}
		if last == "" || !slices.Contains(top, last) {
			return p, false
		}
	}
	at := p
	for len(at.Steps()) > 2 {
		at = at.ParentPath()
	}
	return at, true
}
