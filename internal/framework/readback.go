package framework

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// ReadBackDiffers adds an error when the object read back after a write
// holds another value than the plan for one the plan knew: the platform did
// not take it (an attribute a deployment ignores, a value it changes).
// Terraform would refuse the new state as "Provider produced inconsistent
// result after apply ... a bug in the provider", which says nothing of the
// attribute; returned with this error, the state holds what the platform
// saved, and the error names each attribute with both values. Sets are
// compared as wholes (their elements have no stable path).
func ReadBackDiffers(ctx context.Context, title, op string, plan tfsdk.Plan, saved tftypes.Value, diags *diag.Diagnostics) {
	readBackDiffers(title, op, plan.Raw, saved, func(p *tftypes.AttributePath) bool {
		a, err := plan.Schema.AttributeAtTerraformPath(ctx, p)
		return err == nil && (a.IsSensitive() || a.IsWriteOnly())
	}, diags)
}

// readBackDiffers is ReadBackDiffers; secret tells the paths whose values
// are not shown (sensitive attributes).
func readBackDiffers(title, op string, planned, saved tftypes.Value, secret func(*tftypes.AttributePath) bool, diags *diag.Diagnostics) {
	if diags.HasError() || planned.IsNull() || saved.IsNull() {
		return
	}
	show := func(p *tftypes.AttributePath, v tftypes.Value) string {
		if secret(p) && !v.IsNull() {
			return "(sensitive value)"
		}
		return valueText(v)
	}
	var diffs []string
	_ = tftypes.Walk(planned, func(p *tftypes.AttributePath, v tftypes.Value) (bool, error) {
		if !v.IsKnown() {
			return false, nil // the plan left it to the apply
		}
		got, err := valueAt(saved, p)
		if err != nil {
			return false, nil //nolint:nilerr // no such path in the saved state: nothing to compare
		}
		primitive := v.Type().Is(tftypes.String) || v.Type().Is(tftypes.Number) || v.Type().Is(tftypes.Bool)
		switch {
		case v.IsNull() || got.IsNull() || primitive:
			if !v.Equal(got) {
				diffs = append(diffs, fmt.Sprintf("%s: planned %s, saved %s", pathText(p), show(p, v), show(p, got)))
			}
			return false, nil
		case v.Type().Is(tftypes.Set{}):
			if v.IsFullyKnown() && !v.Equal(got) {
				diffs = append(diffs, fmt.Sprintf("%s: planned %s, saved %s", pathText(p), show(p, v), show(p, got)))
			}
			return false, nil
		}
		return true, nil
	})
	if len(diffs) == 0 {
		return
	}
	slices.Sort(diffs)
	diags.AddError(fmt.Sprintf("%s %sd With Other Values Than Planned", title, op),
		fmt.Sprintf("The %s was %s, but reading it back gives other values than the plan:\n  - %s\n\n"+
			"The platform did not take them: it may not accept that attribute, or that value, or it changes it. "+
			"The state holds what the platform saved, so the next plan shows the difference again: "+
			"remove the attribute from the configuration, or set the value the platform keeps.",
			strings.ToLower(title), pastTense(op), strings.Join(diffs, "\n  - ")))
}

func valueAt(v tftypes.Value, p *tftypes.AttributePath) (tftypes.Value, error) {
	got, _, err := tftypes.WalkAttributePath(v, p)
	if err != nil {
		return tftypes.Value{}, err
	}
	tv, ok := got.(tftypes.Value)
	if !ok {
		return tftypes.Value{}, fmt.Errorf("not a value")
	}
	return tv, nil
}

// pathText writes a path as a configuration names it: config.tts[0].voice.
func pathText(p *tftypes.AttributePath) string {
	var b strings.Builder
	for _, s := range p.Steps() {
		switch s := s.(type) {
		case tftypes.AttributeName:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(string(s))
		case tftypes.ElementKeyInt:
			fmt.Fprintf(&b, "[%d]", int64(s))
		case tftypes.ElementKeyString:
			fmt.Fprintf(&b, "[%q]", string(s))
		default:
			b.WriteString("[…]")
		}
	}
	return b.String()
}

// valueText writes a value as the plan shows it.
func valueText(v tftypes.Value) string {
	switch {
	case !v.IsKnown():
		return "(known after apply)"
	case v.IsNull():
		return "null"
	case v.Type().Is(tftypes.String):
		var s string
		_ = v.As(&s)
		return strconv.Quote(s)
	case v.Type().Is(tftypes.Number):
		f := new(big.Float)
		_ = v.As(&f)
		return f.Text('g', -1)
	case v.Type().Is(tftypes.Bool):
		var b bool
		_ = v.As(&b)
		return strconv.FormatBool(b)
	case v.Type().Is(tftypes.List{}) || v.Type().Is(tftypes.Set{}) || v.Type().Is(tftypes.Tuple{}):
		var elems []tftypes.Value
		_ = v.As(&elems)
		texts := make([]string, len(elems))
		for i, e := range elems {
			texts[i] = valueText(e)
		}
		if v.Type().Is(tftypes.Set{}) {
			slices.Sort(texts)
		}
		return "[" + strings.Join(texts, ", ") + "]"
	case v.Type().Is(tftypes.Object{}) || v.Type().Is(tftypes.Map{}):
		var attrs map[string]tftypes.Value
		_ = v.As(&attrs)
		texts := make([]string, 0, len(attrs))
		for _, k := range slices.Sorted(maps.Keys(attrs)) {
			texts = append(texts, k+" = "+valueText(attrs[k]))
		}
		return "{ " + strings.Join(texts, ", ") + " }"
	}
	return v.String()
}
