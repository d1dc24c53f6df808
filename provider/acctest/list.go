package acctest

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Terraform 1.11 has neither `terraform query` nor import by identity, so
// list resources and identity are tested through the protocol-6 server in
// process as well, the calls made exactly as Terraform 1.14 makes them.

// Listed is one result of a list resource, decoded to Go values (strings,
// int64 or float64 numbers, bools, []any, map[string]any; nil for null).
type Listed struct {
	DisplayName string
	Identity    map[string]any
	// Resource is nil unless the query asked for include_resource.
	Resource    map[string]any
	Diagnostics []*tfprotov6.Diagnostic
}

// List runs the list resource typ with config (the list block's filters, a
// Go value that encodes to JSON) and returns every result it streamed.
func (e *Env) List(t testing.TB, typ string, config any, includeResource bool, limit int64) []Listed {
	t.Helper()
	ctx := t.Context()
	srv, ok := tfprotov6.ProviderServer(e.ActionServer(t)).(tfprotov6.ProviderServerWithListResource)
	if !ok {
		t.Fatal("the provider server does not implement list resources")
	}
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatalf("GetProviderSchema: %v", err)
	}
	ls, ok := schemas.ListResourceSchemas[typ]
	if !ok {
		t.Fatalf("no list resource %s", typ)
	}
	ids := e.identitySchemas(t, srv)
	cfgType := ls.ValueType()
	cfg := jsonValue(t, config)
	val, err := cfg.Unmarshal(cfgType)
	if err != nil {
		t.Fatalf("list config: %v", err)
	}
	cfgDV, err := tfprotov6.NewDynamicValue(cfgType, val)
	if err != nil {
		t.Fatalf("list config: %v", err)
	}
	vr, err := srv.ValidateListResourceConfig(ctx, &tfprotov6.ValidateListResourceConfigRequest{TypeName: typ, Config: &cfgDV})
	if err != nil {
		t.Fatalf("ValidateListResourceConfig: %v", err)
	}
	if hasErr(vr.Diagnostics) {
		return []Listed{{Diagnostics: vr.Diagnostics}}
	}
	stream, err := srv.ListResource(ctx, &tfprotov6.ListResourceRequest{
		TypeName: typ, Config: &cfgDV, IncludeResource: includeResource, Limit: limit,
	})
	if err != nil {
		t.Fatalf("ListResource: %v", err)
	}
	var out []Listed
	for r := range stream.Results {
		l := Listed{DisplayName: r.DisplayName, Diagnostics: r.Diagnostics}
		if r.Identity != nil && r.Identity.IdentityData != nil {
			l.Identity, _ = decode(t, r.Identity.IdentityData, ids[typ]).(map[string]any)
		}
		if r.Resource != nil {
			l.Resource, _ = decode(t, r.Resource, schemas.ResourceSchemas[typ].ValueType()).(map[string]any)
		}
		out = append(out, l)
	}
	return out
}

// ImportByIdentity imports resource typ by identity (an import block's
// `identity`) and reads it, as Terraform does, returning the state.
func (e *Env) ImportByIdentity(t testing.TB, typ string, identity map[string]any) (map[string]any, []*tfprotov6.Diagnostic) {
	t.Helper()
	srv := e.ActionServer(t)
	idType := e.identitySchemas(t, srv)[typ]
	if idType == nil {
		t.Fatalf("resource %s has no identity", typ)
	}
	raw, err := jsonValue(t, identity).Unmarshal(idType)
	if err != nil {
		t.Fatalf("identity: %v", err)
	}
	idDV, err := tfprotov6.NewDynamicValue(idType, raw)
	if err != nil {
		t.Fatalf("identity: %v", err)
	}
	return importAndRead(t, srv, &tfprotov6.ImportResourceStateRequest{
		TypeName: typ, Identity: &tfprotov6.ResourceIdentityData{IdentityData: &idDV},
	})
}

// ImportByID imports resource typ by an import id (`terraform import`, an
// import block's id) and reads it, as Terraform does, returning the state.
func (e *Env) ImportByID(t testing.TB, typ, id string) (map[string]any, []*tfprotov6.Diagnostic) {
	t.Helper()
	return importAndRead(t, e.ActionServer(t), &tfprotov6.ImportResourceStateRequest{TypeName: typ, ID: id})
}

// importAndRead sends req, reads what it imported, and returns the state.
func importAndRead(t testing.TB, srv tfprotov6.ProviderServer, req *tfprotov6.ImportResourceStateRequest) (map[string]any, []*tfprotov6.Diagnostic) {
	t.Helper()
	ctx, typ := t.Context(), req.TypeName
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatalf("GetProviderSchema: %v", err)
	}
	ir, err := srv.ImportResourceState(ctx, req)
	if err != nil {
		t.Fatalf("ImportResourceState: %v", err)
	}
	if hasErr(ir.Diagnostics) || len(ir.ImportedResources) != 1 {
		return nil, ir.Diagnostics
	}
	imp := ir.ImportedResources[0]
	rr, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{
		TypeName: typ, CurrentState: imp.State, CurrentIdentity: imp.Identity, Private: imp.Private,
	})
	if err != nil {
		t.Fatalf("ReadResource: %v", err)
	}
	if hasErr(rr.Diagnostics) || rr.NewState == nil {
		return nil, rr.Diagnostics
	}
	state, _ := decode(t, rr.NewState, schemas.ResourceSchemas[typ].ValueType()).(map[string]any)
	if rr.NewIdentity == nil {
		return state, append(rr.Diagnostics, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError,
			Summary: "No identity after read", Detail: "ReadResource returned no identity."})
	}
	return state, rr.Diagnostics
}

// ImportDiagnostics imports typ by id (as `terraform import` and an import
// block's id do: ImportResourceState, then ReadResource) and returns the
// diagnostics of both; a read that finds nothing adds "Cannot import
// non-existent remote object", as Terraform says then.
func (e *Env) ImportDiagnostics(t testing.TB, typ, id string) []*tfprotov6.Diagnostic {
	t.Helper()
	ctx := t.Context()
	srv := e.ActionServer(t)
	ir, err := srv.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: typ, ID: id})
	if err != nil {
		t.Fatalf("ImportResourceState: %v", err)
	}
	if hasErr(ir.Diagnostics) || len(ir.ImportedResources) != 1 {
		return ir.Diagnostics
	}
	imp := ir.ImportedResources[0]
	rr, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{
		TypeName: typ, CurrentState: imp.State, CurrentIdentity: imp.Identity, Private: imp.Private,
	})
	if err != nil {
		t.Fatalf("ReadResource: %v", err)
	}
	diags := append(ir.Diagnostics, rr.Diagnostics...)
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatalf("GetProviderSchema: %v", err)
	}
	if !hasErr(rr.Diagnostics) && (rr.NewState == nil || decode(t, rr.NewState, schemas.ResourceSchemas[typ].ValueType()) == nil) {
		diags = append(diags, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError, Summary: "Cannot import non-existent remote object"})
	}
	return diags
}

func (e *Env) identitySchemas(t testing.TB, srv tfprotov6.ProviderServer) map[string]tftypes.Type {
	t.Helper()
	r, err := srv.GetResourceIdentitySchemas(t.Context(), &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil || hasErr(r.Diagnostics) {
		t.Fatalf("GetResourceIdentitySchemas: %v %v", err, diagText(r.Diagnostics))
	}
	out := map[string]tftypes.Type{}
	for name, s := range r.IdentitySchemas {
		attrs := map[string]tftypes.Type{}
		for _, a := range s.IdentityAttributes {
			attrs[a.Name] = a.Type
		}
		out[name] = tftypes.Object{AttributeTypes: attrs}
	}
	return out
}

func decode(t testing.TB, dv *tfprotov6.DynamicValue, typ tftypes.Type) any {
	t.Helper()
	v, err := dv.Unmarshal(typ)
	if err != nil {
		t.Fatalf("decoding: %v", err)
	}
	return toGo(v)
}

// toGo converts a tftypes value to plain Go values.
func toGo(v tftypes.Value) any {
	if v.IsNull() || !v.IsKnown() {
		return nil
	}
	switch {
	case v.Type().Is(tftypes.String):
		var s string
		_ = v.As(&s)
		return s
	case v.Type().Is(tftypes.Bool):
		var b bool
		_ = v.As(&b)
		return b
	case v.Type().Is(tftypes.Number):
		var f big.Float
		_ = v.As(&f)
		if i, acc := f.Int64(); acc == big.Exact {
			return i
		}
		x, _ := f.Float64()
		return x
	}
	if out, ok := eachElement(v, toGo); ok {
		return out
	}
	return fmt.Sprintf("%v", v)
}

// eachElement converts a known object, map, list, set or tuple v with
// conv applied to each element (a map[string]any or an []any); ok is
// false for any other value.
func eachElement(v tftypes.Value, conv func(tftypes.Value) any) (out any, ok bool) {
	switch {
	case v.Type().Is(tftypes.Object{}), v.Type().Is(tftypes.Map{}):
		var m map[string]tftypes.Value
		_ = v.As(&m)
		o := map[string]any{}
		for k, e := range m {
			o[k] = conv(e)
		}
		return o, true
	case v.Type().Is(tftypes.List{}), v.Type().Is(tftypes.Set{}), v.Type().Is(tftypes.Tuple{}):
		var l []tftypes.Value
		_ = v.As(&l)
		o := make([]any, len(l))
		for i, e := range l {
			o[i] = conv(e)
		}
		return o, true
	}
	return nil, false
}

// ReadDataSource reads data source typ with config through srv (one
// configured provider, as one Terraform walk uses it) and returns its
// state.
func ReadDataSource(t testing.TB, srv tfprotov6.ProviderServer, typ string, config any) (map[string]any, []*tfprotov6.Diagnostic) {
	t.Helper()
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || schemas.DataSourceSchemas[typ] == nil {
		t.Fatalf("schema of %s: %v", typ, err)
	}
	ty := schemas.DataSourceSchemas[typ].ValueType()
	dv := typedConfig(t, ty, config)
	resp, err := srv.ReadDataSource(t.Context(), &tfprotov6.ReadDataSourceRequest{TypeName: typ, Config: dv})
	if err != nil {
		t.Fatalf("ReadDataSource: %v", err)
	}
	if hasErr(resp.Diagnostics) || resp.State == nil {
		return nil, resp.Diagnostics
	}
	state, _ := decode(t, resp.State, ty).(map[string]any)
	return state, resp.Diagnostics
}

// typedConfig is config (a Go value that encodes to the configuration's
// JSON) as a value of type ty, with the values at the paths unknown made
// unknown (as Terraform sends a value that depends on an object not yet
// applied).
func typedConfig(t testing.TB, ty tftypes.Type, config any, unknown ...*tftypes.AttributePath) *tfprotov6.DynamicValue {
	t.Helper()
	v, err := jsonValue(t, config).Unmarshal(ty)
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	v, err = tftypes.Transform(v, func(p *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		for _, u := range unknown {
			if p.Equal(u) {
				return tftypes.NewValue(v.Type(), tftypes.UnknownValue), nil
			}
		}
		return v, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	dv, err := tfprotov6.NewDynamicValue(ty, v)
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}
