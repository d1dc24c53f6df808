package tfkit

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// NoNullElements refuses a list, set or map that holds a null element, as
// `[var.group_id]` does while the variable is unset, naming the attribute.
// The framework lets it through, and reading it into the model fails later
// with a "Value Conversion Error" that blames the provider.
var NoNullElements noNullElements

type noNullElements struct{}

func (noNullElements) Description(context.Context) string { return "elements must not be null" }

func (v noNullElements) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (noNullElements) ValidateList(_ context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	refuseNulls(req.Path, req.ConfigValue.Elements(), "elements", &resp.Diagnostics)
}

func (noNullElements) ValidateSet(_ context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	refuseNulls(req.Path, req.ConfigValue.Elements(), "elements", &resp.Diagnostics)
}

func (noNullElements) ValidateMap(_ context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	elems := make([]attr.Value, 0, len(req.ConfigValue.Elements()))
	for _, e := range req.ConfigValue.Elements() {
		elems = append(elems, e)
	}
	refuseNulls(req.Path, elems, "values", &resp.Diagnostics)
}

func refuseNulls(p path.Path, elems []attr.Value, what string, diags *diag.Diagnostics) {
	for _, e := range elems {
		if e.IsNull() {
			diags.AddAttributeError(p, "Null Element", fmt.Sprintf("%s must not hold null %s.", p, what))
			return
		}
	}
}
