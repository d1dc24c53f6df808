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

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// ReadBackDiffers handles an object read back after a write that holds
// another value than the plan for one the plan knew: the platform did not
// take it (an attribute a deployment ignores, a value it changes), or
// someone changed it between the write and the read (in the portal).
// Terraform would refuse the new state as "Provider produced inconsistent
// result after apply ... a bug in the provider", naming nothing, and taint
// a created object, which the next apply would replace (an agent deleted
// and made again under a new id, a group emptied for a moment). So the
// state keeps the planned values at those paths, and a warning names each
// attribute with both values: the next plan reads the object again and
// shows what still differs, as drift to set back in place. Sets are
// compared as wholes (their elements have no stable path).
// A difference the write explains (ExplainReadBack) is kept the same way,
// and said by the explanation's own warning.
func ReadBackDiffers(ctx context.Context, title, op string, plan tfsdk.Plan, state *tfsdk.State, diags *diag.Diagnostics) {
	state.Raw = readBackExplained(title, op, plan.Raw, state.Raw, func(p *tftypes.AttributePath) bool {
		a, err := plan.Schema.AttributeAtTerraformPath(ctx, p)
		return err == nil && (a.IsSensitive() || a.IsWriteOnly())
	}, explained(ctx, diags), diags)
}

// readBackDiffers is ReadBackDiffers on values: it returns saved with the
// planned values where they differ. secret tells the paths whose values
// are not shown (sensitive attributes).
func readBackDiffers(title, op string, planned, saved tftypes.Value, secret func(*tftypes.AttributePath) bool, diags *diag.Diagnostics) tftypes.Value {
	return readBackExplained(title, op, planned, saved, secret, nil, diags)
}

// readBackExplained is readBackDiffers where explains (nil: none) tells
// the differences the write accounts for, left out of the warning.
func readBackExplained(title, op string, planned, saved tftypes.Value, secret func(*tftypes.AttributePath) bool,
	explains func(p *tftypes.AttributePath, planned, got tftypes.Value) bool, diags *diag.Diagnostics) tftypes.Value {
	if diags.HasError() || planned.IsNull() || saved.IsNull() {
		return saved
	}
	show := func(p *tftypes.AttributePath, v tftypes.Value) string {
		if secret(p) && !v.IsNull() {
			return "(sensitive value)"
		}
		// An address's password and secret query values (a webhook's url
		// set from a sensitive variable), as its own check quotes it: a
		// warning is not masked by Terraform.
		var s string
		if v.IsKnown() && !v.IsNull() && v.Type().Is(tftypes.String) && v.As(&s) == nil && strings.Contains(s, "://") {
			return client.QuoteURL(s)
		}
		return valueText(v)
	}
	type diff struct {
		path    *tftypes.AttributePath
		planned tftypes.Value
		text    string // "" when explained
	}
	var diffs []diff
	_ = tftypes.Walk(planned, func(p *tftypes.AttributePath, v tftypes.Value) (bool, error) {
		if !v.IsKnown() {
			return false, nil // the plan left it to the apply
		}
		got, err := valueAt(saved, p)
		if err != nil {
			return false, nil //nolint:nilerr // no such path in the saved state: nothing to compare
		}
		primitive := v.Type().Is(tftypes.String) || v.Type().Is(tftypes.Number) || v.Type().Is(tftypes.Bool)
		whole := v.IsNull() || got.IsNull() || primitive || v.Type().Is(tftypes.Set{}) || lengthDiffers(v, got)
		if whole {
			if v.IsFullyKnown() && !v.Equal(got) && !sameText(v, got) {
				text := fmt.Sprintf("%s: planned %s, read back %s", pathText(p), show(p, v), show(p, got))
				if explains != nil && explains(p, v, got) {
					text = ""
				}
				diffs = append(diffs, diff{p, v, text})
			}
			return false, nil
		}
		return true, nil
	})
	if len(diffs) == 0 {
		return saved
	}
	kept, err := tftypes.Transform(saved, func(p *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		for _, d := range diffs {
			if p.Equal(d.path) {
				return d.planned, nil
			}
		}
		return v, nil
	})
	if err != nil {
		diags.AddError(fmt.Sprintf("%s %sd With Other Values Than Planned", title, op), "Keeping the planned values failed: "+err.Error())
		return saved
	}
	var texts []string
	for _, d := range diffs {
		if d.text != "" {
			texts = append(texts, d.text)
		}
	}
	if len(texts) == 0 {
		return kept
	}
	slices.Sort(texts)
	diags.AddWarning(fmt.Sprintf("%s %sd, but Read Back With Other Values", title, op),
		fmt.Sprintf("The %s was %s, but reading it back right after gave other values than the plan:\n  - %s\n\n"+
			"Either someone changed them in the portal between the write and the read (or before a plan made with -refresh=false, whose "+
			"update sends only what it changes), or the platform did not take them "+
			"(it may not accept that attribute or that value). The state keeps the planned values, and the next plan reads the %s again: "+
			"a value changed meanwhile shows as a change that sets it back; a value the configuration sets and the platform does not take shows "+
			"again at every plan: then remove it from the configuration, or set the value the platform keeps.",
			strings.ToLower(title), pastTense(op), strings.Join(texts, "\n  - "), strings.ToLower(title)))
	return kept
}

// sameText tells a string read back as planned in another Unicode form
// (InAnotherForm): a name the platform holds decomposed ("Cafe" and
// U+0301), which an edit sends as held (SendHeld), read back after every
// edit against the plan's composed "Café". Terraform holds both as the
// same string, and the warning named a change that was none ("planned
// "Café Q", read back "Café Q"") at every edit.
func sameText(planned, got tftypes.Value) bool {
	var p, g string
	return planned.Type().Is(tftypes.String) && got.Type().Is(tftypes.String) && got.IsKnown() &&
		planned.As(&p) == nil && got.As(&g) == nil && !planned.IsNull() && !got.IsNull() && InAnotherForm(g, p)
}

// lengthDiffers tells a list or a map whose elements the read-back
// counts otherwise, or a map whose keys it names otherwise: compared as a
// whole (element by element, an element the plan lacks would go unseen,
// and one under a key the read-back lacks was skipped as no path to
// compare: a map of options whose key was renamed, as many as planned,
// was saved as read, and Terraform refused it as an inconsistent result).
func lengthDiffers(planned, got tftypes.Value) bool {
	if !got.IsKnown() {
		return false
	}
	switch {
	case planned.Type().Is(tftypes.List{}) || planned.Type().Is(tftypes.Tuple{}):
		var a, b []tftypes.Value
		return planned.As(&a) == nil && got.As(&b) == nil && len(a) != len(b)
	case planned.Type().Is(tftypes.Map{}):
		var a, b map[string]tftypes.Value
		if planned.As(&a) != nil || got.As(&b) != nil {
			return false
		}
		if len(a) != len(b) {
			return true
		}
		for k := range a {
			if _, ok := b[k]; !ok {
				return true
			}
		}
	}
	return false
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
