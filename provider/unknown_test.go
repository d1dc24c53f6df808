package provider_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestUnknownValues is generated from the provider's schema: every
// resource, data source and action is validated (and resources and actions
// planned) with each configurable attribute unknown — a reference to an
// object not yet created, a for expression over a for_each resource — as a
// whole and, for nested attributes, partly unknown. Configuration errors
// (a missing required attribute) are expected and fine; a diagnostic that
// blames the provider ("Value Conversion Error … always an error in the
// provider") is a failure.
func TestUnknownValues(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	ctx := t.Context()
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	check := func(t *testing.T, what string, ds []*tfprotov6.Diagnostic) {
		t.Helper()
		for _, d := range ds {
			if blamesProvider(d) {
				t.Errorf("%s: %s: %s", what, d.Summary, d.Detail)
			}
		}
	}
	for _, name := range sortedKeys(schemas.ResourceSchemas) {
		s := schemas.ResourceSchemas[name]
		for cname, cfg := range unknownCases(s.Block) {
			t.Run("resource/"+name+"/"+cname, func(t *testing.T) {
				dv := dynValue(t, s.ValueType(), cfg)
				vds := validateConfig(t, srv, "resource", name, dv)
				check(t, "validate", vds)
				if hasError(vds) {
					return
				}
				prior := dynValue(t, s.ValueType(), tftypes.NewValue(s.ValueType(), nil))
				proposed := dynValue(t, s.ValueType(), withoutWriteOnly(s.Block, cfg))
				pr, err := srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{
					TypeName: name, PriorState: prior, ProposedNewState: proposed, Config: dv,
				})
				if err != nil {
					t.Fatal(err)
				}
				check(t, "plan", pr.Diagnostics)
			})
		}
	}
	for _, name := range sortedKeys(schemas.DataSourceSchemas) {
		s := schemas.DataSourceSchemas[name]
		for cname, cfg := range unknownCases(s.Block) {
			t.Run("data/"+name+"/"+cname, func(t *testing.T) {
				check(t, "validate", validateConfig(t, srv, "data", name, dynValue(t, s.ValueType(), cfg)))
			})
		}
	}
	for _, name := range sortedKeys(schemas.ActionSchemas) {
		s := schemas.ActionSchemas[name].Schema
		for cname, cfg := range unknownCases(s.Block) {
			t.Run("action/"+name+"/"+cname, func(t *testing.T) {
				dv := dynValue(t, s.ValueType(), cfg)
				vds := validateConfig(t, srv, "action", name, dv)
				check(t, "validate", vds)
				if hasError(vds) {
					return
				}
				pr, err := srv.PlanAction(ctx, &tfprotov6.PlanActionRequest{ActionType: name, Config: dv})
				if err != nil {
					t.Fatal(err)
				}
				check(t, "plan", pr.Diagnostics)
			})
		}
	}
}

// blamesProvider tells whether a diagnostic says the provider is at fault.
func blamesProvider(d *tfprotov6.Diagnostic) bool {
	text := strings.ToLower(d.Summary + " " + d.Detail)
	for _, p := range []string{"always an error in the provider", "always a problem with the provider",
		"always an issue", "bug in the provider", "value conversion error", "invalid result object",
		"please report", "should be reported"} {
		if strings.Contains(text, p) {
			return true
		}
	}
	return false
}

func hasError(ds []*tfprotov6.Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

// unknownCases builds the configurations to try for one schema: every
// configurable attribute unknown on its own, all of them at once, and each
// nested attribute known with its own attributes unknown (or, for lists and
// sets, one element so).
func unknownCases(b *tfprotov6.SchemaBlock) map[string]tftypes.Value {
	cases := map[string]tftypes.Value{}
	// Required attributes are unknown in every case, so validation passes
	// and the plan runs.
	with := func(name string, v tftypes.Value) map[string]tftypes.Value { return withRequiredUnknown(b, name, v) }
	cases["required=unknown"] = object(b, with("", tftypes.Value{}))
	var all []string
	for _, a := range b.Attributes {
		if !configurable(a) {
			continue
		}
		all = append(all, a.Name)
		cases[a.Name+"=unknown"] = object(b, with(a.Name, unknownOf(a.ValueType())))
		if a.NestedType != nil {
			cases[a.Name+"=partly-unknown"] = object(b, with(a.Name, partlyUnknown(a)))
		}
	}
	everything := map[string]tftypes.Value{}
	for _, n := range all {
		for _, a := range b.Attributes {
			if a.Name == n {
				everything[n] = unknownOf(a.ValueType())
			}
		}
	}
	cases["all=unknown"] = object(b, everything)
	return cases
}

// withRequiredUnknown is a configuration of block b (as object's set) in
// which every required attribute is unknown, and attribute name (unless
// empty) is v.
func withRequiredUnknown(b *tfprotov6.SchemaBlock, name string, v tftypes.Value) map[string]tftypes.Value {
	set := map[string]tftypes.Value{}
	for _, a := range b.Attributes {
		if a.Required {
			set[a.Name] = unknownOf(a.ValueType())
		}
	}
	if name != "" {
		set[name] = v
	}
	return set
}

func configurable(a *tfprotov6.SchemaAttribute) bool { return a.Required || a.Optional }

func unknownOf(t tftypes.Type) tftypes.Value { return tftypes.NewValue(t, tftypes.UnknownValue) }

// object is a value of block b whose attributes are null but for set.
func object(b *tfprotov6.SchemaBlock, set map[string]tftypes.Value) tftypes.Value {
	ty := b.ValueType().(tftypes.Object)
	vals := map[string]tftypes.Value{}
	for name, at := range ty.AttributeTypes {
		if v, ok := set[name]; ok {
			vals[name] = v
			continue
		}
		vals[name] = tftypes.NewValue(at, nil)
	}
	return tftypes.NewValue(ty, vals)
}

// partlyUnknown is a known nested value whose configurable attributes are
// unknown: the object itself, or a list or set of one such object.
func partlyUnknown(a *tfprotov6.SchemaAttribute) tftypes.Value {
	nt := a.NestedType
	objType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}
	vals := map[string]tftypes.Value{}
	for _, na := range nt.Attributes {
		objType.AttributeTypes[na.Name] = na.ValueType()
		if configurable(na) {
			vals[na.Name] = unknownOf(na.ValueType())
		} else {
			vals[na.Name] = tftypes.NewValue(na.ValueType(), nil)
		}
	}
	obj := tftypes.NewValue(objType, vals)
	switch nt.Nesting {
	case tfprotov6.SchemaObjectNestingModeList:
		return tftypes.NewValue(tftypes.List{ElementType: objType}, []tftypes.Value{obj})
	case tfprotov6.SchemaObjectNestingModeSet:
		return tftypes.NewValue(tftypes.Set{ElementType: objType}, []tftypes.Value{obj})
	case tfprotov6.SchemaObjectNestingModeMap:
		return tftypes.NewValue(tftypes.Map{ElementType: objType}, map[string]tftypes.Value{"k": obj})
	}
	return obj
}

// withoutWriteOnly nulls write-only attributes: Terraform never plans them.
func withoutWriteOnly(b *tfprotov6.SchemaBlock, v tftypes.Value) tftypes.Value {
	var vals map[string]tftypes.Value
	if err := v.As(&vals); err != nil {
		return v
	}
	for _, a := range b.Attributes {
		if a.WriteOnly {
			vals[a.Name] = tftypes.NewValue(a.ValueType(), nil)
		}
	}
	return tftypes.NewValue(v.Type(), vals)
}

func dynValue(t *testing.T, ty tftypes.Type, v tftypes.Value) *tfprotov6.DynamicValue {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(ty, v)
	if err != nil {
		t.Fatalf("encoding %v: %v", v, err)
	}
	return &dv
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
