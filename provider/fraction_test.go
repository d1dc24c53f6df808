package provider_test

import (
	"math/big"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestFractionalNumbers, generated from the schema: a fraction (2.5), or a
// whole number beyond 64 bits (1e30), written in any configurable number
// attribute of a resource, data source, action or list resource (top level,
// or in nested objects at any depth), or of the provider block, or as an
// element of a list or set of numbers, is either taken (a call ratio) or refused at validation with an
// error that names the attribute, the rule and the value, never one that
// blames the provider (the framework's own conversion error of an Int64
// attribute does: "This is always an error in the provider").
func TestFractionalNumbers(t *testing.T) {
	t.Parallel()
	srv, schemas := configuredServer(t)
	targets := configTargets(schemas)
	// 2.5 is a fraction; 1e30 is whole but beyond 64 bits.
	for _, c := range []struct {
		v        *big.Float
		got, why string
	}{
		{big.NewFloat(2.5), `2\.5`, ""},
		{big.NewFloat(1e30), `1e\+30`, " from -9223372036854775808 to 9223372036854775807"},
	} {
		v := tftypes.NewValue(tftypes.Number, c.v)
		for _, tg := range targets {
			for attrPath, cfg := range attrCases(tg.block.Attributes, func(ty tftypes.Type) (tftypes.Value, bool) { return numberOrNumbers(ty, v) }) {
				// A set's element is named by its value: [*] stands for it.
				// A list's fraction is said at its element (at <list>[i]).
				p := strings.ReplaceAll(regexp.QuoteMeta(attrPath), `\[\*\]`, `\[.*\]`)
				want := regexp.MustCompile("^" + p + " (must be a whole number|must hold whole numbers)" + c.why + ", got " + c.got + "( at " + p + `\[[0-9]+\])?\.$`)
				t.Run(tg.kind+"/"+tg.name+"/"+attrPath+"="+c.v.String(), func(t *testing.T) {
					checkRefused(t, validateConfig(t, srv, tg.kind, tg.name, dynValue(t, tg.block.ValueType(), cfg)), attrPath, want)
				})
			}
		}
	}
}

// checkRefused: no error blames the provider, and if the value is
// refused (a call ratio takes 2.5), one error matches want. It tells
// whether the value was refused.
func checkRefused(t *testing.T, ds []*tfprotov6.Diagnostic, attrPath string, want *regexp.Regexp) (refused bool) {
	t.Helper()
	var text strings.Builder
	errs, named := 0, false
	for _, d := range ds {
		text.WriteString(d.Summary + ": " + d.Detail + "\n")
		if blamesProvider(d) {
			t.Errorf("the error blames the provider: %s: %s", d.Summary, d.Detail)
		}
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			errs++
			named = named || want.MatchString(d.Detail)
		}
	}
	if errs > 0 && !named {
		t.Errorf("want an error naming %s matching %s, got:\n%s", attrPath, want, text.String())
	}
	return errs > 0
}

// TestNullElements, generated from the schema: a null element in any
// configurable list, set or map of a resource, data source, action, list
// resource or the provider block (top level, or in nested objects at any
// depth), as [var.group_id] writes when the variable is unset, is refused at
// validation naming the attribute, never let through to fail later with an
// error that blames the provider ("Value Conversion Error ... This is always
// an error in the provider").
func TestNullElements(t *testing.T) {
	t.Parallel()
	srv, schemas := configuredServer(t)
	for _, c := range []struct {
		kind  string
		value func(tftypes.Type) (tftypes.Value, bool)
		// want, of the attribute's path (quoted): what the error says.
		want func(p string) string
	}{
		{"list", nullInList, func(p string) string { return p + " must not hold null elements, got null at " + p + `\[0\]` }},
		{"set", nullInSet, func(p string) string { return p + " must not hold null elements" }},
		{"map", nullInMap, func(p string) string { return p + " must not hold null values, got null at " + p + `\["k"\]` }},
	} {
		for _, tg := range configTargets(schemas) {
			for attrPath, cfg := range attrCases(tg.block.Attributes, c.value) {
				p := strings.ReplaceAll(regexp.QuoteMeta(attrPath), `\[\*\]`, `\[.*\]`)
				want := regexp.MustCompile("^" + c.want(p) + "\\.$")
				t.Run(tg.kind+"/"+tg.name+"/"+attrPath, func(t *testing.T) {
					ds := validateConfig(t, srv, tg.kind, tg.name, dynValue(t, tg.block.ValueType(), cfg))
					if !checkRefused(t, ds, attrPath, want) {
						t.Errorf("%s with a null %s element was accepted at validation", attrPath, c.kind)
					}
				})
			}
		}
	}
}

// nullInList, nullInSet and nullInMap: a list or set holding one null
// element, a map holding one null value (at "k"); false for other types.
func nullInList(ty tftypes.Type) (tftypes.Value, bool) {
	l, ok := ty.(tftypes.List)
	if !ok {
		return tftypes.Value{}, false
	}
	return tftypes.NewValue(l, []tftypes.Value{tftypes.NewValue(l.ElementType, nil)}), true
}

func nullInSet(ty tftypes.Type) (tftypes.Value, bool) {
	s, ok := ty.(tftypes.Set)
	if !ok {
		return tftypes.Value{}, false
	}
	return tftypes.NewValue(s, []tftypes.Value{tftypes.NewValue(s.ElementType, nil)}), true
}

func nullInMap(ty tftypes.Type) (tftypes.Value, bool) {
	m, ok := ty.(tftypes.Map)
	if !ok {
		return tftypes.Value{}, false
	}
	return tftypes.NewValue(m, map[string]tftypes.Value{"k": tftypes.NewValue(m.ElementType, nil)}), true
}

// configuredServer is a provider server configured for a simulator, and
// its schemas.
func configuredServer(t *testing.T) (tfprotov6.ProviderServerWithActions, *tfprotov6.GetProviderSchemaResponse) {
	t.Helper()
	srv := acctest.New(t).ActionServer(t)
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	return srv, schemas
}

type configTarget struct {
	kind, name string
	block      *tfprotov6.SchemaBlock
}

// configTargets are every configurable schema of the provider: its own
// block, resources, data sources, actions and list resources.
func configTargets(schemas *tfprotov6.GetProviderSchemaResponse) []configTarget {
	targets := []configTarget{{"provider", "contactcenter", schemas.Provider.Block}}
	for _, name := range sortedKeys(schemas.ResourceSchemas) {
		targets = append(targets, configTarget{"resource", name, schemas.ResourceSchemas[name].Block})
	}
	for _, name := range sortedKeys(schemas.DataSourceSchemas) {
		targets = append(targets, configTarget{"data", name, schemas.DataSourceSchemas[name].Block})
	}
	for _, name := range sortedKeys(schemas.ActionSchemas) {
		targets = append(targets, configTarget{"action", name, schemas.ActionSchemas[name].Schema.Block})
	}
	for _, name := range sortedKeys(schemas.ListResourceSchemas) {
		targets = append(targets, configTarget{"list", name, schemas.ListResourceSchemas[name].Block})
	}
	return targets
}

// attrCases: for each configurable attribute at any depth of nested objects
// (single, list or set) whose type valueFor gives a value, the
// configuration with every required attribute unknown and that attribute
// set to it. Keys are the attribute's path as a diagnostic prints it, with
// [*] for a set's element.
func attrCases(attrs []*tfprotov6.SchemaAttribute, valueFor func(tftypes.Type) (tftypes.Value, bool)) map[string]tftypes.Value {
	b := &tfprotov6.SchemaBlock{Attributes: attrs}
	cases := map[string]tftypes.Value{}
	for _, a := range attrs {
		if !configurable(a) {
			continue
		}
		if x, ok := valueFor(a.ValueType()); ok {
			cases[a.Name] = object(b, withRequiredUnknown(b, a.Name, x))
		}
		if a.NestedType == nil {
			continue
		}
		for p, inner := range attrCases(a.NestedType.Attributes, valueFor) {
			switch a.NestedType.Nesting {
			case tfprotov6.SchemaObjectNestingModeSingle:
				cases[a.Name+"."+p] = object(b, withRequiredUnknown(b, a.Name, inner))
			case tfprotov6.SchemaObjectNestingModeList:
				cases[a.Name+"[0]."+p] = object(b, withRequiredUnknown(b, a.Name, tftypes.NewValue(a.ValueType(), []tftypes.Value{inner})))
			case tfprotov6.SchemaObjectNestingModeSet:
				cases[a.Name+"[*]."+p] = object(b, withRequiredUnknown(b, a.Name, tftypes.NewValue(a.ValueType(), []tftypes.Value{inner})))
			}
		}
	}
	return cases
}

// numberOrNumbers is v for a Number type, [1, v] for a list or set of
// numbers; false for any other type.
func numberOrNumbers(ty tftypes.Type, v tftypes.Value) (tftypes.Value, bool) {
	one := tftypes.NewValue(tftypes.Number, big.NewFloat(1))
	switch {
	case ty == nil:
		return tftypes.Value{}, false
	case ty.Is(tftypes.Number):
		return v, true
	case ty.Equal(tftypes.List{ElementType: tftypes.Number}), ty.Equal(tftypes.Set{ElementType: tftypes.Number}):
		return tftypes.NewValue(ty, []tftypes.Value{one, v}), true
	}
	return tftypes.Value{}, false
}

// validateConfig validates cfg as the configuration of a resource, data
// source or action (kind), as Terraform does before it plans.
func validateConfig(t *testing.T, srv tfprotov6.ProviderServerWithActions, kind, name string, cfg *tfprotov6.DynamicValue) []*tfprotov6.Diagnostic {
	t.Helper()
	var ds []*tfprotov6.Diagnostic
	var err error
	switch kind {
	case "provider":
		var r *tfprotov6.ValidateProviderConfigResponse
		if r, err = srv.ValidateProviderConfig(t.Context(), &tfprotov6.ValidateProviderConfigRequest{Config: cfg}); err == nil {
			ds = r.Diagnostics
		}
	case "resource":
		var r *tfprotov6.ValidateResourceConfigResponse
		if r, err = srv.ValidateResourceConfig(t.Context(), &tfprotov6.ValidateResourceConfigRequest{TypeName: name, Config: cfg}); err == nil {
			ds = r.Diagnostics
		}
	case "data":
		var r *tfprotov6.ValidateDataResourceConfigResponse
		if r, err = srv.ValidateDataResourceConfig(t.Context(), &tfprotov6.ValidateDataResourceConfigRequest{TypeName: name, Config: cfg}); err == nil {
			ds = r.Diagnostics
		}
	case "action":
		var r *tfprotov6.ValidateActionConfigResponse
		if r, err = srv.ValidateActionConfig(t.Context(), &tfprotov6.ValidateActionConfigRequest{ActionType: name, Config: cfg}); err == nil {
			ds = r.Diagnostics
		}
	case "list":
		ls, ok := srv.(tfprotov6.ProviderServerWithListResource)
		if !ok {
			t.Fatal("the provider server does not implement list resources")
		}
		var r *tfprotov6.ValidateListResourceConfigResponse
		if r, err = ls.ValidateListResourceConfig(t.Context(), &tfprotov6.ValidateListResourceConfigRequest{TypeName: name, Config: cfg}); err == nil {
			ds = r.Diagnostics
		}
	default:
		t.Fatalf("unknown kind %q", kind)
	}
	if err != nil {
		t.Fatalf("validate %s %s: %v", kind, name, err)
	}
	return ds
}
