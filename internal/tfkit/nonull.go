package tfkit

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// NoNullElements refuses a list, set or map that holds a null element, as
// `[var.group_id]` does while the variable is unset, naming the attribute
// and, in a list or map, where the null stands. The framework lets it
// through, and reading it into the model fails later with a "Value
// Conversion Error" that blames the provider.
var NoNullElements noNullElements

type noNullElements struct{}

func (noNullElements) Description(context.Context) string { return "elements must not be null" }

func (v noNullElements) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (noNullElements) ValidateList(_ context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	for i, e := range req.ConfigValue.Elements() {
		if e.IsNull() {
			refuseNull(req.Path, "elements", req.Path.AtListIndex(i), &resp.Diagnostics)
			return
		}
	}
}

func (noNullElements) ValidateSet(_ context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	for _, e := range req.ConfigValue.Elements() {
		if e.IsNull() {
			// A set's elements have no position to name.
			resp.Diagnostics.AddAttributeError(req.Path, "Null Element", fmt.Sprintf("%s must not hold null elements.", req.Path))
			return
		}
	}
}

func (noNullElements) ValidateMap(_ context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	elems := req.ConfigValue.Elements()
	for _, k := range slices.Sorted(maps.Keys(elems)) {
		if elems[k].IsNull() {
			refuseNull(req.Path, "values", req.Path.AtMapKey(k), &resp.Diagnostics)
			return
		}
	}
}

// refuseNull refuses the null at `at`, the element of the list or map p:
// Terraform shows the element's line (`null,` in a list written one element
// a line, `k = null` in a map) where it showed the whole attribute.
func refuseNull(p path.Path, what string, at path.Path, diags *diag.Diagnostics) {
	diags.AddAttributeError(at, "Null Element", fmt.Sprintf("%s must not hold null %s, got null at %s.", p, what, at))
}
