package tfkit

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// HashedSetOf is the type of a set that may hold thousands of elements (a
// whole skill group's members). It is the framework's set type with the
// framework's three whole-set comparisons made linear in the number of
// elements instead of quadratic: the duplicate check of Validate, which
// the framework runs each time it reads the attribute; Equal; and the
// semantic-equality pass after every create, read and update, which
// compares each element with every prior one. Elements are bucketed by a
// canonical key and compared with Equal within a bucket only, so the
// answers are the framework's (TestHashedSetAnswersAsTheFrameworkSet). For
// 2,000 members Validate costs 6 ms instead of 2.3 s, and the framework
// calls it several times per plan (BenchmarkHashedSet).
//
// The framework's costs are reported upstream (terraform-plugin-framework
// issues 775, 1314 and 1322); once they are fixed there this type has no
// reason to be. What it cannot reach stays quadratic: terraform-plugin-go
// finds a set element named in a path by scanning the set, and the
// framework compares whole states with tftypes.Value.Equal.
//
// elem must be the type of the set's elements as the schema makes it (for
// a nested attribute, the nested object's type after framework.Strict).
func HashedSetOf(elem attr.Type) HashedSetType {
	return HashedSetType{SetType: basetypes.SetType{ElemType: elem}}
}

// HashedSetType is the type HashedSetOf returns; its values are HashedSet.
type HashedSetType struct{ basetypes.SetType }

var (
	_ basetypes.SetTypable                    = HashedSetType{}
	_ xattr.TypeWithValidate                  = HashedSetType{} //nolint:staticcheck // the framework calls it on every read of the attribute
	_ basetypes.SetValuableWithSemanticEquals = HashedSet{}
)

func (t HashedSetType) String() string { return "tfkit.HashedSetOf[" + t.ElementType().String() + "]" }

func (t HashedSetType) Equal(o attr.Type) bool {
	other, ok := o.(HashedSetType)
	return ok && t.SetType.Equal(other.SetType)
}

func (t HashedSetType) ValueType(ctx context.Context) attr.Value {
	return HashedSet{SetValue: t.SetType.ValueType(ctx).(basetypes.SetValue)}
}

func (t HashedSetType) ValueFromSet(_ context.Context, in basetypes.SetValue) (basetypes.SetValuable, diag.Diagnostics) {
	return HashedSet{SetValue: in}, nil
}

func (t HashedSetType) ValueFromTerraform(ctx context.Context, in tftypes.Value) (attr.Value, error) {
	v, err := t.SetType.ValueFromTerraform(ctx, in)
	if err != nil {
		return nil, err
	}
	return HashedSet{SetValue: v.(basetypes.SetValue)}, nil
}

// Validate is basetypes.SetType.Validate (each known element validated by
// its type, then no element twice) with the duplicate check done by key.
func (t HashedSetType) Validate(ctx context.Context, in tftypes.Value, p path.Path) diag.Diagnostics {
	var diags diag.Diagnostics
	if in.Type() == nil || !in.IsKnown() || in.IsNull() {
		return diags
	}
	var elems []tftypes.Value
	if err := in.As(&elems); err != nil {
		diags.AddAttributeError(p, "Set Type Validation Error", fmt.Sprintf("%s is not a set: %v", p, err))
		return diags
	}
	validatable, isValidatable := t.ElementType().(xattr.TypeWithValidate) //nolint:staticcheck // as the framework does
	seen := make(map[string][]tftypes.Value, len(elems))
	for _, e := range elems {
		if !e.IsFullyKnown() {
			continue
		}
		if isValidatable {
			ev, err := t.ElementType().ValueFromTerraform(ctx, e)
			if err != nil {
				diags.AddAttributeError(p, "Set Type Validation Error", fmt.Sprintf("%s holds an element that cannot be read: %v", p, err))
				return diags
			}
			diags.Append(validatable.Validate(ctx, e, p.AtSetValue(ev))...)
		}
		k := tfKey(e)
		if slices.ContainsFunc(seen[k], e.Equal) {
			diags.AddAttributeError(p, "Duplicate Set Element", fmt.Sprintf("This attribute contains duplicate values of: %s", e))
			continue
		}
		seen[k] = append(seen[k], e)
	}
	return diags
}

// HashedSet is a value of a HashedSetType: a basetypes.SetValue, so
// ElementsAs, IsNull and the rest are the framework's.
type HashedSet struct{ basetypes.SetValue }

func (v HashedSet) Type(ctx context.Context) attr.Type {
	return HashedSetOf(v.ElementType(ctx))
}

// Equal is basetypes.SetValue.Equal by key: the same element type, state
// and elements. A plain SetValue compares as the set it holds.
func (v HashedSet) Equal(o attr.Value) bool {
	var other basetypes.SetValue
	switch o := o.(type) {
	case HashedSet:
		other = o.SetValue
	case basetypes.SetValue:
		other = o
	default:
		return false
	}
	return sameSet(v.SetValue, other)
}

// SetSemanticEquals keeps the prior value when it holds the same elements,
// which spares the framework its element-by-element pass; when they differ
// the framework makes that pass as it does for any set.
func (v HashedSet) SetSemanticEquals(ctx context.Context, prior basetypes.SetValuable) (bool, diag.Diagnostics) {
	p, diags := prior.ToSetValue(ctx)
	if diags.HasError() {
		return false, diags
	}
	return sameSet(v.SetValue, p), diags
}

// sameSet is basetypes.SetValue.Equal with the elements of b bucketed by key.
func sameSet(a, b basetypes.SetValue) bool {
	ctx := context.Background()
	at, bt := a.ElementType(ctx), b.ElementType(ctx)
	if at == nil || bt == nil || !at.Equal(bt) || a.IsNull() != b.IsNull() || a.IsUnknown() != b.IsUnknown() {
		return false
	}
	if a.IsNull() || a.IsUnknown() {
		return true
	}
	ae, be := a.Elements(), b.Elements()
	if len(ae) != len(be) {
		return false
	}
	buckets := make(map[string][]attr.Value, len(be))
	for _, e := range be {
		k := attrKey(e)
		buckets[k] = append(buckets[k], e)
	}
	for _, e := range ae {
		if !slices.ContainsFunc(buckets[attrKey(e)], e.Equal) {
			return false
		}
	}
	return true
}

// attrKey is tfKey of the value's Terraform form; a value that has none
// gets one key, which only makes its bucket larger.
func attrKey(v attr.Value) string {
	tv, err := v.ToTerraformValue(context.Background())
	if err != nil {
		return "?"
	}
	return tfKey(tv)
}

// tfKey is a canonical text of a value: values that are Equal have the
// same key (a set's elements are keyed in sorted order, an object's and a
// map's by attribute name). Different values may share a key; callers
// compare within a key with Equal.
func tfKey(v tftypes.Value) string {
	var b strings.Builder
	writeKey(&b, v)
	return b.String()
}

func writeKey(b *strings.Builder, v tftypes.Value) {
	typ := v.Type()
	switch {
	case typ == nil:
		b.WriteString("?")
	case v.IsNull():
		b.WriteString("null")
	case !v.IsKnown():
		b.WriteString("unknown")
	case typ.Is(tftypes.String):
		var s string
		_ = v.As(&s)
		b.WriteString(strconv.Quote(s))
	case typ.Is(tftypes.Number):
		// Exact and the same at any precision (Equal compares numbers by
		// value; Text would print 0.1 at 64 and at 512 bits differently).
		var f big.Float
		_ = v.As(&f)
		if r, _ := f.Rat(nil); r != nil {
			b.WriteString(r.RatString())
		} else {
			b.WriteString(f.Text('g', -1)) // ±Inf
		}
	case typ.Is(tftypes.Bool):
		var x bool
		_ = v.As(&x)
		b.WriteString(strconv.FormatBool(x))
	case typ.Is(tftypes.List{}), typ.Is(tftypes.Tuple{}), typ.Is(tftypes.Set{}):
		var elems []tftypes.Value
		_ = v.As(&elems)
		keys := make([]string, len(elems))
		for i, e := range elems {
			keys[i] = tfKey(e)
		}
		if typ.Is(tftypes.Set{}) {
			slices.Sort(keys)
		}
		b.WriteString("[" + strings.Join(keys, ",") + "]")
	case typ.Is(tftypes.Map{}), typ.Is(tftypes.Object{}):
		m := map[string]tftypes.Value{}
		_ = v.As(&m)
		b.WriteString("{")
		for i, k := range slices.Sorted(maps.Keys(m)) {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(strconv.Quote(k) + ":")
			writeKey(b, m[k])
		}
		b.WriteString("}")
	default:
		b.WriteString(v.String())
	}
}
