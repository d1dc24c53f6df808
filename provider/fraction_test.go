package provider_test

import (
	"math/big"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestFractionalNumbers, generated from the schema: a fraction written in
// any configurable number attribute of a resource, data source, action or
// list resource (top level, or in a nested object), or as an element of a
// list or set of numbers, is either taken (a call ratio) or refused at
// validation with an error that names the attribute and the value, never
// one that blames the provider (the framework's own conversion error of an
// Int64 attribute does: "This is always an error in the provider").
func TestFractionalNumbers(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	srv := env.ActionServer(t)
	ctx := t.Context()
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	type target struct {
		kind, name string
		block      *tfprotov6.SchemaBlock
	}
	var targets []target
	for _, name := range sortedKeys(schemas.ResourceSchemas) {
		targets = append(targets, target{"resource", name, schemas.ResourceSchemas[name].Block})
	}
	for _, name := range sortedKeys(schemas.DataSourceSchemas) {
		targets = append(targets, target{"data", name, schemas.DataSourceSchemas[name].Block})
	}
	for _, name := range sortedKeys(schemas.ActionSchemas) {
		targets = append(targets, target{"action", name, schemas.ActionSchemas[name].Schema.Block})
	}
	for _, name := range sortedKeys(schemas.ListResourceSchemas) {
		targets = append(targets, target{"list", name, schemas.ListResourceSchemas[name].Block})
	}
	half := tftypes.NewValue(tftypes.Number, big.NewFloat(2.5))
	for _, tg := range targets {
		for attrPath, cfg := range fractionCases(tg.block, half) {
			t.Run(tg.kind+"/"+tg.name+"/"+attrPath, func(t *testing.T) {
				ds := validateConfig(t, srv, tg.kind, tg.name, dynValue(t, tg.block.ValueType(), cfg))
				// A fractional attribute (a call ratio) takes 2.5: no error.
				// A whole-number one must refuse it by name and value.
				var text strings.Builder
				errs, named := 0, false
				for _, d := range ds {
					text.WriteString(d.Summary + ": " + d.Detail + "\n")
					if blamesProvider(d) {
						t.Errorf("the error blames the provider: %s: %s", d.Summary, d.Detail)
					}
					if d.Severity == tfprotov6.DiagnosticSeverityError {
						errs++
						named = named || strings.Contains(d.Detail, attrPath+" must be a whole number, got 2.5") ||
							strings.Contains(d.Detail, attrPath+" must hold whole numbers, got 2.5")
					}
				}
				if errs > 0 && !named {
					t.Errorf("want an error naming %s and 2.5, got:\n%s", attrPath, text.String())
				}
			})
		}
	}
}

// fractionCases: for each configurable Number attribute, or list or set of
// numbers (top level, or in a single nested object), the configuration with
// every required attribute unknown and that attribute set to v (a
// collection to [1, v]). Keys are the attribute's path as a diagnostic
// prints it.
func fractionCases(b *tfprotov6.SchemaBlock, v tftypes.Value) map[string]tftypes.Value {
	cases := map[string]tftypes.Value{}
	for _, a := range b.Attributes {
		if !configurable(a) {
			continue
		}
		if x, ok := numberOrNumbers(a.Type, v); ok {
			cases[a.Name] = object(b, withRequiredUnknown(b, a.Name, x))
		}
		if a.NestedType != nil && a.NestedType.Nesting == tfprotov6.SchemaObjectNestingModeSingle {
			inner := &tfprotov6.SchemaBlock{Attributes: a.NestedType.Attributes}
			for _, na := range a.NestedType.Attributes {
				if x, ok := numberOrNumbers(na.Type, v); ok && configurable(na) {
					cases[a.Name+"."+na.Name] = object(b, withRequiredUnknown(b, a.Name, object(inner, map[string]tftypes.Value{na.Name: x})))
				}
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
