package acctest

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// Terraform before 1.14 cannot invoke actions. ActionBlocks and
// InvokeActionBlock let a test invoke the `action` blocks of a configuration
// in process, after Terraform applied its resources, with references to
// those resources resolved from the applied state, as Terraform 1.14 would.

// ActionBlock is one `action "type" "name"` block of a configuration.
type ActionBlock struct {
	Type, Name string
	config     hcl.Body
}

// ActionBlocks parses src (one file's HCL text) and returns its action
// blocks in order.
func ActionBlocks(t testing.TB, filename string, src []byte) []ActionBlock {
	t.Helper()
	f, diags := hclsyntax.ParseConfig(src, filename, hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("parsing %s: %v", filename, diags)
	}
	var out []ActionBlock
	for _, b := range f.Body.(*hclsyntax.Body).Blocks {
		if b.Type != "action" || len(b.Labels) != 2 {
			continue
		}
		ab := ActionBlock{Type: b.Labels[0], Name: b.Labels[1], config: hcl.EmptyBody()}
		for _, nb := range b.Body.Blocks {
			if nb.Type == "config" {
				ab.config = nb.Body
			}
		}
		out = append(out, ab)
	}
	return out
}

// VariableDefaults parses src and returns the default value of each input
// variable that has one (what `var.<name>` is when no value is given).
func VariableDefaults(t testing.TB, filename string, src []byte) map[string]cty.Value {
	t.Helper()
	f, diags := hclsyntax.ParseConfig(src, filename, hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("parsing %s: %v", filename, diags)
	}
	out := map[string]cty.Value{}
	for _, b := range f.Body.(*hclsyntax.Body).Blocks {
		if b.Type != "variable" || len(b.Labels) != 1 {
			continue
		}
		if a, ok := b.Body.Attributes["default"]; ok {
			v, diags := a.Expr.Value(&hcl.EvalContext{Functions: functions()})
			if diags.HasErrors() {
				t.Fatalf("%s: default of variable %s: %v", filename, b.Labels[0], diags)
			}
			out[b.Labels[0]] = v
		}
	}
	return out
}

// InvokeActionBlock decodes the block's config against the action's schema,
// with resources resolved from stateJSON (the output of `terraform show
// -json`), path.module as dir and var.<name> from inputs, and validates, plans and invokes it in
// process.
func (e *Env) InvokeActionBlock(t testing.TB, b ActionBlock, stateJSON []byte, dir string, inputs map[string]cty.Value) ActionResult {
	t.Helper()
	srv := e.ActionServer(t)
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatalf("GetProviderSchema: %v", err)
	}
	as, ok := schemas.ActionSchemas[b.Type]
	if !ok {
		t.Fatalf("no action %s", b.Type)
	}
	spec, err := blockSpec(as.Schema.Block)
	if err != nil {
		t.Fatalf("action schema %s: %v", b.Type, err)
	}
	vars := stateVariables(t, stateJSON)
	if len(inputs) > 0 {
		vars["var"] = cty.ObjectVal(inputs)
	}
	vars["path"] = cty.ObjectVal(map[string]cty.Value{
		"module": cty.StringVal(dir), "root": cty.StringVal(dir), "cwd": cty.StringVal(dir),
	})
	ctx := &hcl.EvalContext{Variables: vars, Functions: functions()}
	v, diags := hcldec.Decode(b.config, spec, ctx)
	if diags.HasErrors() {
		t.Fatalf("action.%s.%s: %v", b.Type, b.Name, diags)
	}
	ty, err := ctyType(as.Schema.ValueType())
	if err != nil {
		t.Fatalf("action schema %s: %v", b.Type, err)
	}
	dv, err := dynamicValue(v, ty)
	if err != nil {
		t.Fatalf("action.%s.%s: %v", b.Type, b.Name, err)
	}
	return runActionDV(t, srv, b.Type, dv)
}

// stateVariables turns `terraform show -json` into HCL variables: each
// resource type is an object of its resources by name (a map by key for
// for_each, a tuple for count).
func stateVariables(t testing.TB, stateJSON []byte) map[string]cty.Value {
	t.Helper()
	var st struct {
		Values struct {
			RootModule struct {
				Resources []struct {
					Mode   string          `json:"mode"`
					Type   string          `json:"type"`
					Name   string          `json:"name"`
					Index  json.RawMessage `json:"index"`
					Values json.RawMessage `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if len(stateJSON) > 0 {
		if err := json.Unmarshal(stateJSON, &st); err != nil {
			t.Fatalf("state JSON: %v", err)
		}
	}
	byType := map[string]map[string]cty.Value{}
	keyed := map[string]map[string]map[string]cty.Value{}
	for _, r := range st.Values.RootModule.Resources {
		if r.Mode != "managed" {
			continue
		}
		ty, err := ctyjson.ImpliedType(r.Values)
		if err != nil {
			t.Fatalf("state of %s.%s: %v", r.Type, r.Name, err)
		}
		v, err := ctyjson.Unmarshal(r.Values, ty)
		if err != nil {
			t.Fatalf("state of %s.%s: %v", r.Type, r.Name, err)
		}
		if byType[r.Type] == nil {
			byType[r.Type] = map[string]cty.Value{}
			keyed[r.Type] = map[string]map[string]cty.Value{}
		}
		if len(r.Index) == 0 {
			byType[r.Type][r.Name] = v
			continue
		}
		var key any
		_ = json.Unmarshal(r.Index, &key)
		if keyed[r.Type][r.Name] == nil {
			keyed[r.Type][r.Name] = map[string]cty.Value{}
		}
		keyed[r.Type][r.Name][fmt.Sprint(key)] = v
	}
	out := map[string]cty.Value{}
	for typ, names := range byType {
		for name, m := range keyed[typ] {
			names[name] = cty.ObjectVal(m)
		}
		out[typ] = cty.ObjectVal(names)
	}
	return out
}

// runActionDV is RunAction with an encoded configuration.
func runActionDV(t testing.TB, srv tfprotov6.ProviderServerWithActions, typ string, dv *tfprotov6.DynamicValue) ActionResult {
	t.Helper()
	ctx := t.Context()
	vr, err := srv.ValidateActionConfig(ctx, &tfprotov6.ValidateActionConfigRequest{ActionType: typ, Config: dv})
	if err != nil {
		t.Fatalf("ValidateActionConfig: %v", err)
	}
	if hasErr(vr.Diagnostics) {
		return ActionResult{Phase: "validate", Diagnostics: vr.Diagnostics}
	}
	pr, err := srv.PlanAction(ctx, &tfprotov6.PlanActionRequest{ActionType: typ, Config: dv})
	if err != nil {
		t.Fatalf("PlanAction: %v", err)
	}
	if hasErr(pr.Diagnostics) {
		return ActionResult{Phase: "plan", Diagnostics: pr.Diagnostics}
	}
	return invokeDV(t, srv, typ, dv)
}

// InvokeOnly invokes action typ with config without validating or
// planning it first: what Terraform does for values that were unknown at
// validation (they referred to objects not yet made), whose checks the
// validation skipped.
func InvokeOnly(t testing.TB, srv tfprotov6.ProviderServerWithActions, typ string, config any) ActionResult {
	t.Helper()
	return invokeDV(t, srv, typ, jsonValue(t, config))
}

// PlanOnly plans action typ with config without validating it first:
// Terraform plans an action with the values known at plan time (those of
// variables, say), which were unknown when the configuration was validated.
func PlanOnly(t testing.TB, srv tfprotov6.ProviderServerWithActions, typ string, config any) ActionResult {
	t.Helper()
	pr, err := srv.PlanAction(t.Context(), &tfprotov6.PlanActionRequest{ActionType: typ, Config: jsonValue(t, config)})
	if err != nil {
		t.Fatalf("PlanAction: %v", err)
	}
	return ActionResult{Phase: "plan", Diagnostics: pr.Diagnostics}
}

// PlanOnlyUnknown validates and plans action typ with the values at the
// paths given unknown, as Terraform validates and plans a value that
// depends on an object not yet applied (recipients[0], chosen by a
// condition on a resource's attribute).
func PlanOnlyUnknown(t testing.TB, srv tfprotov6.ProviderServerWithActions, typ string, config any, unknown ...*tftypes.AttributePath) ActionResult {
	t.Helper()
	schemas, err := srv.GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil || schemas.ActionSchemas[typ] == nil {
		t.Fatalf("schema of %s: %v", typ, err)
	}
	dv := typedConfig(t, schemas.ActionSchemas[typ].Schema.ValueType(), config, unknown...)
	vr, err := srv.ValidateActionConfig(t.Context(), &tfprotov6.ValidateActionConfigRequest{ActionType: typ, Config: dv})
	if err != nil {
		t.Fatalf("ValidateActionConfig: %v", err)
	}
	if hasErr(vr.Diagnostics) {
		return ActionResult{Phase: "validate", Diagnostics: vr.Diagnostics}
	}
	pr, err := srv.PlanAction(t.Context(), &tfprotov6.PlanActionRequest{ActionType: typ, Config: dv})
	if err != nil {
		t.Fatalf("PlanAction: %v", err)
	}
	return ActionResult{Phase: "plan", Diagnostics: pr.Diagnostics}
}

func invokeDV(t testing.TB, srv tfprotov6.ProviderServerWithActions, typ string, dv *tfprotov6.DynamicValue) ActionResult {
	t.Helper()
	stream, err := srv.InvokeAction(t.Context(), &tfprotov6.InvokeActionRequest{ActionType: typ, Config: dv})
	if err != nil {
		t.Fatalf("InvokeAction: %v", err)
	}
	return InvokeEvents(stream)
}

// InvokeEvents reads an invoke's stream to its end: the progress lines, and
// the diagnostics of its completion.
func InvokeEvents(stream *tfprotov6.InvokeActionServerStream) ActionResult {
	res := ActionResult{Phase: "invoke"}
	for ev := range stream.Events {
		switch x := ev.Type.(type) {
		case tfprotov6.ProgressInvokeActionEventType:
			res.Progress = append(res.Progress, x.Message)
		case tfprotov6.CompletedInvokeActionEventType:
			res.Completed = true
			res.Diagnostics = append(res.Diagnostics, x.Diagnostics...)
		}
	}
	return res
}
