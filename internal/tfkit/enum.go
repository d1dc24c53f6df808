package tfkit

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// Choice is one value an integer attribute takes, and what it means.
type Choice struct {
	Value   int64
	Meaning string
}

// Means is the choice of v, which means meaning ("on duty").
func Means(v int64, meaning string) Choice { return Choice{Value: v, Meaning: meaning} }

// OneOf is the rule that an integer attribute takes one of choices. Its
// error lists each with its meaning, "user_status 4 is not one of 1 (on
// duty), 2 (resigned), 3 (frozen).", where int64validator.OneOf said
// `value must be one of: ["1" "2" "3"], got: 4`: the numbers quoted as
// text, and nothing of what they mean. In a set (EachInt64), "user_status
// holds 4, which is not one of ...".
func OneOf(choices ...Choice) Int64Rule { return oneOf(choices) }

type oneOf []Choice

func (c oneOf) list() string {
	parts := make([]string, len(c))
	for i, ch := range c {
		parts[i] = fmt.Sprintf("%d (%s)", ch.Value, ch.Meaning)
	}
	// As ccsync lists a column's values: "1 (on duty), 2 (resigned), 3 (frozen)".
	return strings.Join(parts, ", ")
}

// Problem implements Int64Rule.
func (c oneOf) Problem(v int64) string {
	for _, ch := range c {
		if ch.Value == v {
			return ""
		}
	}
	return "is not one of " + c.list()
}

func (c oneOf) Description(context.Context) string { return "one of " + c.list() }

func (c oneOf) MarkdownDescription(ctx context.Context) string { return c.Description(ctx) }

func (c oneOf) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	v := req.ConfigValue.ValueInt64()
	if p := c.Problem(v); p != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value", fmt.Sprintf("%s %d %s.", AttrName(req.Path), v, p))
	}
}

// Int64Rule is a rule of one integer: Problem says what is wrong with v,
// as the end of a sentence that begins with the attribute and the value
// ("is not one of 1 (on duty), 2 (resigned)"; ": skill-group ids start at
// 1"), or "" when nothing is. It validates an attribute, and each element
// of a set through EachInt64.
type Int64Rule interface {
	validator.Int64
	Problem(v int64) string
}

// AtLeastID is the rule that an integer is an id of what, which starts at
// min: "queue_ids holds 0: skill-group ids start at 1."
func AtLeastID(min int64, what string) Int64Rule { return atLeast{min: min, what: what} }

type atLeast struct {
	min  int64
	what string
}

func (a atLeast) Problem(v int64) string {
	if v >= a.min {
		return ""
	}
	return fmt.Sprintf(": %s ids start at %d", a.what, a.min)
}

func (a atLeast) Description(context.Context) string {
	return fmt.Sprintf("a %s id, at least %d", a.what, a.min)
}

func (a atLeast) MarkdownDescription(ctx context.Context) string { return a.Description(ctx) }

func (a atLeast) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	v := req.ConfigValue.ValueInt64()
	if p := a.Problem(v); p != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Attribute Value", fmt.Sprintf("%s is %d%s.", AttrName(req.Path), v, p))
	}
}

// EachInt64 checks every element of a set (or list) of integers by rules,
// and reports at the set: "queue_ids holds 0: skill-group ids start at 1."
// setvalidator.ValueInt64sAre reported at the element, whose path Terraform
// prints as Go's value: "Attribute queue_ids[Value(0)] value must be at
// least 1, got: 0".
func EachInt64(rules ...Int64Rule) EachInt64Validator { return EachInt64Validator{rules: rules} }

// EachInt64Validator implements EachInt64 for sets and lists.
type EachInt64Validator struct{ rules []Int64Rule }

var (
	_ validator.Set  = EachInt64Validator{}
	_ validator.List = EachInt64Validator{}
)

func (e EachInt64Validator) Description(ctx context.Context) string {
	parts := make([]string, len(e.rules))
	for i, r := range e.rules {
		parts[i] = r.Description(ctx)
	}
	return "each element " + strings.Join(parts, ", ")
}

func (e EachInt64Validator) MarkdownDescription(ctx context.Context) string {
	return e.Description(ctx)
}

func (e EachInt64Validator) ValidateSet(_ context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	e.check(req.Path, req.ConfigValue.Elements(), &resp.Diagnostics)
}

func (e EachInt64Validator) ValidateList(_ context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	e.check(req.Path, req.ConfigValue.Elements(), &resp.Diagnostics)
}

func (e EachInt64Validator) check(p path.Path, elems []attr.Value, diags *diag.Diagnostics) {
	for _, el := range elems {
		iv, ok := el.(basetypes.Int64Valuable)
		if !ok {
			continue
		}
		v, d := iv.ToInt64Value(context.Background())
		if d.HasError() || v.IsNull() || v.IsUnknown() {
			continue
		}
		for _, r := range e.rules {
			if pr := r.Problem(v.ValueInt64()); pr != "" {
				if !strings.HasPrefix(pr, ":") {
					pr = ", which " + pr
				}
				diags.AddAttributeError(p, "Invalid Attribute Value", fmt.Sprintf("%s holds %d%s.", AttrName(p), v.ValueInt64(), pr))
				break
			}
		}
	}
}

// AttrName is p as a person writes it in a configuration: a set element's
// step, which prints as Go's value ([Value(0)], [Value({"agent_id":"x"})]),
// is left out, so the name is the set's.
func AttrName(p path.Path) string {
	steps := p.Steps()
	var b strings.Builder
	for _, s := range steps {
		switch s := s.(type) {
		case path.PathStepAttributeName:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(string(s))
		case path.PathStepElementKeyInt:
			b.WriteString("[" + strconv.FormatInt(int64(s), 10) + "]")
		case path.PathStepElementKeyString:
			b.WriteString("[" + strconv.Quote(string(s)) + "]")
		case path.PathStepElementKeyValue:
			// A set's element has no name a configuration can write.
		}
	}
	return b.String()
}
