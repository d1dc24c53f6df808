package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-framework/action"
	aschema "github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// kitchenSink is a provider whose one resource and one action use every
// kind of attribute the framework offers, to check the conversion end to end
// (framework → protocol 6 → terraform-json) rather than on hand-built values.
type kitchenSink struct{}

func (kitchenSink) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "ks"
}
func (kitchenSink) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}
func (kitchenSink) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}
func (kitchenSink) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return ksResource{} }}
}
func (kitchenSink) DataSources(context.Context) []func() datasource.DataSource { return nil }
func (kitchenSink) Actions(context.Context) []func() action.Action {
	return []func() action.Action{func() action.Action { return ksAction{} }}
}

type ksResource struct{}

func (ksResource) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "ks_thing"
}

func (ksResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	inner := map[string]rschema.Attribute{"v": rschema.StringAttribute{Optional: true}}
	resp.Schema = rschema.Schema{
		MarkdownDescription: "A thing.",
		Attributes: map[string]rschema.Attribute{
			"s":       rschema.StringAttribute{Required: true, MarkdownDescription: "S."},
			"i":       rschema.Int64Attribute{Optional: true, Computed: true},
			"f":       rschema.Float64Attribute{Optional: true},
			"n":       rschema.NumberAttribute{Optional: true},
			"b":       rschema.BoolAttribute{Optional: true, DeprecationMessage: "Use s."},
			"pw":      rschema.StringAttribute{Optional: true, Sensitive: true, WriteOnly: true},
			"ls":      rschema.ListAttribute{ElementType: types.StringType, Optional: true},
			"ss":      rschema.SetAttribute{ElementType: types.Int64Type, Optional: true},
			"ms":      rschema.MapAttribute{ElementType: types.BoolType, Computed: true},
			"o":       rschema.ObjectAttribute{AttributeTypes: map[string]attr.Type{"x": types.StringType}, Optional: true},
			"dyn":     rschema.DynamicAttribute{Optional: true},
			"single":  rschema.SingleNestedAttribute{Attributes: inner, Optional: true},
			"list":    rschema.ListNestedAttribute{NestedObject: rschema.NestedAttributeObject{Attributes: inner}, Optional: true},
			"set":     rschema.SetNestedAttribute{NestedObject: rschema.NestedAttributeObject{Attributes: inner}, Optional: true},
			"map":     rschema.MapNestedAttribute{NestedObject: rschema.NestedAttributeObject{Attributes: inner}, Optional: true},
			"list_of": rschema.ListAttribute{ElementType: types.ListType{ElemType: types.ObjectType{AttrTypes: map[string]attr.Type{"y": types.NumberType}}}, Optional: true},
		},
		Blocks: map[string]rschema.Block{
			"blk": rschema.ListNestedBlock{NestedObject: rschema.NestedBlockObject{Attributes: inner}},
			"one": rschema.SingleNestedBlock{Attributes: inner},
		},
	}
}

func (ksResource) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (ksResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (ksResource) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (ksResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

type ksAction struct{}

func (ksAction) Metadata(_ context.Context, _ action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = "ks_send"
}

func (ksAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = aschema.Schema{
		MarkdownDescription: "Sends.",
		Attributes: map[string]aschema.Attribute{
			"to":  aschema.ListAttribute{ElementType: types.StringType, Required: true, MarkdownDescription: "Numbers."},
			"key": aschema.StringAttribute{Optional: true, MarkdownDescription: "Key."},
			"params": aschema.ListNestedAttribute{Optional: true, NestedObject: aschema.NestedAttributeObject{
				Attributes: map[string]aschema.Attribute{"k": aschema.StringAttribute{Required: true}},
			}},
		},
	}
}

func (ksAction) Invoke(context.Context, action.InvokeRequest, *action.InvokeResponse) {}

func TestProviderSchemas_everyAttributeKind(t *testing.T) {
	t.Parallel()
	server, err := providerserver.NewProtocol6WithError(kitchenSink{})()
	if err != nil {
		t.Fatal(err)
	}
	ps, err := providerSchemas(context.Background(), server, "ks")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(ps)
	if err != nil {
		t.Fatal(err)
	}
	var back tfjson.ProviderSchemas
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatalf("tfjson cannot read the output back: %v", err)
	}
	// Compare as generic JSON: it is what tfplugindocs reads.
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	p := doc["provider_schemas"].(map[string]any)["ks"].(map[string]any)
	res := p["resource_schemas"].(map[string]any)["ks_thing"].(map[string]any)["block"].(map[string]any)
	attrs := res["attributes"].(map[string]any)
	typeOf := func(name string) string {
		b, _ := json.Marshal(attrs[name].(map[string]any)["type"])
		return string(b)
	}
	nesting := func(name string) string {
		return attrs[name].(map[string]any)["nested_type"].(map[string]any)["nesting_mode"].(string)
	}
	got := map[string]string{
		"s": typeOf("s"), "i": typeOf("i"), "f": typeOf("f"), "n": typeOf("n"), "b": typeOf("b"),
		"ls": typeOf("ls"), "ss": typeOf("ss"), "ms": typeOf("ms"), "o": typeOf("o"), "dyn": typeOf("dyn"),
		"list_of": typeOf("list_of"),
		"single":  nesting("single"), "list": nesting("list"), "set": nesting("set"), "map": nesting("map"),
	}
	want := map[string]string{
		"s": `"string"`, "i": `"number"`, "f": `"number"`, "n": `"number"`, "b": `"bool"`,
		"ls": `["list","string"]`, "ss": `["set","number"]`, "ms": `["map","bool"]`,
		"o": `["object",{"x":"string"}]`, "dyn": `"dynamic"`, "list_of": `["list",["list",["object",{"y":"number"}]]]`,
		"single": "single", "list": "list", "set": "set", "map": "map",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("attribute types (-want +got):\n%s", diff)
	}
	pw := attrs["pw"].(map[string]any)
	if pw["sensitive"] != true || pw["write_only"] != true {
		t.Errorf("pw = %v, want sensitive and write_only", pw)
	}
	if attrs["b"].(map[string]any)["deprecated"] != true {
		t.Errorf("b = %v, want deprecated", attrs["b"])
	}
	if s := attrs["s"].(map[string]any); s["required"] != true || s["description"] != "S." || s["description_kind"] != "markdown" {
		t.Errorf("s = %v, want required with a markdown description", s)
	}
	if i := attrs["i"].(map[string]any); i["optional"] != true || i["computed"] != true {
		t.Errorf("i = %v, want optional and computed", i)
	}
	blocks := res["block_types"].(map[string]any)
	if m := blocks["blk"].(map[string]any)["nesting_mode"]; m != "list" {
		t.Errorf("blk nesting = %v, want list", m)
	}
	if m := blocks["one"].(map[string]any)["nesting_mode"]; m != "single" {
		t.Errorf("one nesting = %v, want single", m)
	}

	act := back.Schemas["ks"].ActionSchemas["ks_send"]
	if act == nil || act.Block == nil {
		t.Fatalf("action ks_send missing from %v", back.Schemas["ks"].ActionSchemas)
	}
	if act.Block.Description != "Sends." || act.Block.DescriptionKind != tfjson.SchemaDescriptionKindMarkdown {
		t.Errorf("action description = %q (%s), want %q (markdown)", act.Block.Description, act.Block.DescriptionKind, "Sends.")
	}
	if to := act.Block.Attributes["to"]; to == nil || !to.Required {
		t.Errorf("action attribute to = %+v, want required", to)
	}
	if key := act.Block.Attributes["key"]; key == nil || !key.Optional || key.Description != "Key." {
		t.Errorf("action attribute key = %+v, want optional with its description", key)
	}
	if params := act.Block.Attributes["params"]; params == nil || params.AttributeNestedType == nil ||
		params.AttributeNestedType.NestingMode != tfjson.SchemaNestingModeList {
		t.Errorf("action attribute params = %+v, want a list nested attribute", params)
	}
}
