package tfkit

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// FloatAtLeast is float64validator.AtLeast with the numbers written as
// configured: that one said "must be at least 0.000000, got: -1.000000"
// of max_call_ratio = -1; this one says "must be at least 0, got: -1".
func FloatAtLeast(lo float64) validator.Float64 { return floatAtLeast{lo: lo} }

type floatAtLeast struct{ lo float64 }

func (v floatAtLeast) Description(context.Context) string {
	return fmt.Sprintf("value must be at least %g", v.lo)
}

func (v floatAtLeast) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v floatAtLeast) ValidateFloat64(_ context.Context, req validator.Float64Request, resp *validator.Float64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if got := req.ConfigValue.ValueFloat64(); got < v.lo {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value",
			fmt.Sprintf("Attribute %s value must be at least %g, got: %g", req.Path, v.lo, got))
	}
}
