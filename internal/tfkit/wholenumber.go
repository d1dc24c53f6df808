package tfkit

import (
	"context"
	"fmt"
	"math/big"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// WholeNumber is the type of configurable integer attributes. Configuration
// may write any number, and the framework's Int64 type fails to convert a
// fraction (que_priority = 1.5) with a "Configuration Read Error" that
// blames the provider. This type converts whole numbers exactly as Int64
// does, to types.Int64, so models and state keep types.Int64 and the schema
// keeps its number type; a fraction becomes a value whose validation refuses
// it at plan time, naming the attribute and the value.
var WholeNumber basetypes.Int64Typable = wholeNumberType{}

type wholeNumberType struct{ basetypes.Int64Type }

func (wholeNumberType) String() string { return "framework.WholeNumber" }

// Equal accepts Int64Type as well: the values this type makes are Int64's.
func (wholeNumberType) Equal(o attr.Type) bool {
	switch o.(type) {
	case wholeNumberType, basetypes.Int64Type:
		return true
	}
	return false
}

// Validate leaves fractions to notWholeNumber, which names the attribute.
func (wholeNumberType) Validate(context.Context, tftypes.Value, path.Path) diag.Diagnostics {
	return nil
}

func (t wholeNumberType) ValueFromTerraform(ctx context.Context, in tftypes.Value) (attr.Value, error) {
	if in.IsKnown() && !in.IsNull() && in.Type().Is(tftypes.Number) {
		var f big.Float
		if err := in.As(&f); err == nil {
			if _, acc := f.Int64(); !f.IsInt() || acc != big.Exact {
				return notWholeNumber{Int64Value: types.Int64Unknown(), raw: in, text: f.Text('g', -1), whole: f.IsInt()}, nil
			}
		}
	}
	return t.Int64Type.ValueFromTerraform(ctx, in)
}

// notWholeNumber is a configured number that is not a 64-bit integer. It
// converts back to the number configured, so that the element of a set
// that holds it is still found by its value.
type notWholeNumber struct {
	basetypes.Int64Value
	raw  tftypes.Value
	text string
	// whole: a whole number out of the 64-bit range (1e30).
	whole bool
}

// rule is what the value breaks, as the error says it.
func (v notWholeNumber) rule(collection bool) string {
	switch {
	case v.whole && collection:
		return "must hold whole numbers from -9223372036854775808 to 9223372036854775807"
	case v.whole:
		return "must be a whole number from -9223372036854775808 to 9223372036854775807"
	case collection:
		return "must hold whole numbers"
	}
	return "must be a whole number"
}

func (v notWholeNumber) ToTerraformValue(context.Context) (tftypes.Value, error) { return v.raw, nil }

func (v notWholeNumber) ValidateAttribute(_ context.Context, req xattr.ValidateAttributeRequest, resp *xattr.ValidateAttributeResponse) {
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value",
		fmt.Sprintf("%s %s, got %s.", req.Path, v.rule(false), v.text))
}

// WholeNumberElements goes with a list or set whose element type is
// WholeNumber: it refuses a fraction among the elements, naming the
// attribute and the value. The framework validates attribute values, not
// the elements of a collection, so the collection does it.
var WholeNumberElements wholeNumberElements

type wholeNumberElements struct{}

func (wholeNumberElements) Description(context.Context) string {
	return "elements must be whole numbers"
}

func (v wholeNumberElements) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

// A list's fraction is refused at its element (Terraform shows the
// element's line); a set's at the set, whose elements have no position.
func (wholeNumberElements) ValidateList(_ context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	refuseFractions(req.Path, req.ConfigValue.Elements(), req.Path.AtListIndex, &resp.Diagnostics)
}

func (wholeNumberElements) ValidateSet(_ context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	refuseFractions(req.Path, req.ConfigValue.Elements(), nil, &resp.Diagnostics)
}

// refuseFractions refuses each fraction among elems of p, at its element
// when at (a list's index) is given.
func refuseFractions(p path.Path, elems []attr.Value, at func(int) path.Path, diags *diag.Diagnostics) {
	for i, e := range elems {
		if nw, ok := e.(notWholeNumber); ok {
			ep, where := p, ""
			if at != nil {
				// Said where, as the null rule says it (the action's plan
				// otherwise put "ids[1]: " before "ids must hold ...").
				ep = at(i)
				where = " at " + ep.String()
			}
			diags.AddAttributeError(ep, "Invalid Attribute Value", fmt.Sprintf("%s %s, got %s%s.", p, nw.rule(true), nw.text, where))
		}
	}
}
