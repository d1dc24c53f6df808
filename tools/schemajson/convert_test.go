package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/zclconf/go-cty/cty"

	"github.com/contactcenter/terraform-provider-contactcenter/provider"
)

func TestCtyType(t *testing.T) {
	t.Parallel()
	obj := tftypes.Object{
		AttributeTypes:     map[string]tftypes.Type{"a": tftypes.String, "b": tftypes.Number},
		OptionalAttributes: map[string]struct{}{"b": {}},
	}
	cases := map[string]struct {
		in   tftypes.Type
		want string // the JSON Terraform writes for the type
	}{
		"string":        {tftypes.String, `"string"`},
		"number":        {tftypes.Number, `"number"`},
		"bool":          {tftypes.Bool, `"bool"`},
		"dynamic":       {tftypes.DynamicPseudoType, `"dynamic"`},
		"list":          {tftypes.List{ElementType: tftypes.String}, `["list","string"]`},
		"set":           {tftypes.Set{ElementType: tftypes.Number}, `["set","number"]`},
		"map":           {tftypes.Map{ElementType: tftypes.Bool}, `["map","bool"]`},
		"tuple":         {tftypes.Tuple{ElementTypes: []tftypes.Type{tftypes.String, tftypes.Bool}}, `["tuple",["string","bool"]]`},
		"object":        {tftypes.Object{AttributeTypes: map[string]tftypes.Type{"x": tftypes.String}}, `["object",{"x":"string"}]`},
		"optional attr": {obj, `["object",{"a":"string","b":"number"},["b"]]`},
		"list of set of objects": {
			tftypes.List{ElementType: tftypes.Set{ElementType: tftypes.Object{AttributeTypes: map[string]tftypes.Type{"x": tftypes.List{ElementType: tftypes.Number}}}}},
			`["list",["set",["object",{"x":["list","number"]}]]]`,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := ctyType(tc.in)
			if err != nil {
				t.Fatalf("ctyType(%s): %v", tc.in, err)
			}
			b, err := got.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(b)); diff != "" {
				t.Errorf("JSON of %s (-want +got):\n%s", tc.in, diff)
			}
		})
	}
	if _, err := ctyType(nil); err == nil {
		t.Error("ctyType(nil): want an error")
	}
}

func TestConvertBlock_nestedAttributesAndBlocks(t *testing.T) {
	t.Parallel()
	nested := func(mode tfprotov6.SchemaObjectNestingMode) *tfprotov6.SchemaAttribute {
		return &tfprotov6.SchemaAttribute{
			Name: "n", Optional: true,
			NestedType: &tfprotov6.SchemaObject{Nesting: mode, Attributes: []*tfprotov6.SchemaAttribute{
				{Name: "inner", Type: tftypes.String, Required: true, Description: "Inner.", DescriptionKind: tfprotov6.StringKindMarkdown},
			}},
		}
	}
	for mode, want := range map[tfprotov6.SchemaObjectNestingMode]tfjson.SchemaNestingMode{
		tfprotov6.SchemaObjectNestingModeSingle: tfjson.SchemaNestingModeSingle,
		tfprotov6.SchemaObjectNestingModeList:   tfjson.SchemaNestingModeList,
		tfprotov6.SchemaObjectNestingModeSet:    tfjson.SchemaNestingModeSet,
		tfprotov6.SchemaObjectNestingModeMap:    tfjson.SchemaNestingModeMap,
	} {
		got, err := convertAttribute(nested(mode))
		if err != nil {
			t.Fatalf("%v: %v", mode, err)
		}
		wantAttr := &tfjson.SchemaAttribute{
			Optional: true, DescriptionKind: tfjson.SchemaDescriptionKindPlain,
			AttributeNestedType: &tfjson.SchemaNestedAttributeType{NestingMode: want, Attributes: map[string]*tfjson.SchemaAttribute{
				"inner": {AttributeType: cty.String, Required: true, Description: "Inner.", DescriptionKind: tfjson.SchemaDescriptionKindMarkdown},
			}},
		}
		if diff := cmp.Diff(wantAttr, got, cmp.Comparer(func(a, b cty.Type) bool { return a.Equals(b) })); diff != "" {
			t.Errorf("nesting %v (-want +got):\n%s", mode, diff)
		}
	}

	block := &tfprotov6.SchemaBlock{
		Description: "Root.", DescriptionKind: tfprotov6.StringKindMarkdown, Deprecated: true,
		Attributes: []*tfprotov6.SchemaAttribute{
			{Name: "secret", Type: tftypes.String, Optional: true, Sensitive: true, WriteOnly: true},
			{Name: "id", Type: tftypes.String, Computed: true},
			{Name: "old", Type: tftypes.Bool, Optional: true, Computed: true, Deprecated: true},
		},
		BlockTypes: []*tfprotov6.SchemaNestedBlock{
			{TypeName: "timeouts", Nesting: tfprotov6.SchemaNestedBlockNestingModeSingle, Block: &tfprotov6.SchemaBlock{
				Attributes: []*tfprotov6.SchemaAttribute{{Name: "create", Type: tftypes.String, Optional: true}},
			}},
			{TypeName: "rule", Nesting: tfprotov6.SchemaNestedBlockNestingModeList, MinItems: 1, MaxItems: 3, Block: &tfprotov6.SchemaBlock{}},
			{TypeName: "g", Nesting: tfprotov6.SchemaNestedBlockNestingModeGroup, Block: &tfprotov6.SchemaBlock{}},
		},
	}
	got, err := convertBlock(block)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"attributes":{` +
		`"id":{"type":"string","description_kind":"plain","computed":true},` +
		`"old":{"type":"bool","description_kind":"plain","deprecated":true,"optional":true,"computed":true},` +
		`"secret":{"type":"string","description_kind":"plain","optional":true,"sensitive":true,"write_only":true}},` +
		`"block_types":{` +
		`"g":{"nesting_mode":"group","block":{"description_kind":"plain"}},` +
		`"rule":{"nesting_mode":"list","block":{"description_kind":"plain"},"min_items":1,"max_items":3},` +
		`"timeouts":{"nesting_mode":"single","block":{"attributes":{"create":{"type":"string","description_kind":"plain","optional":true}},"description_kind":"plain"}}},` +
		`"description":"Root.","description_kind":"markdown","deprecated":true}`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("block JSON (-want +got):\n%s", diff)
	}

	if _, err := convertAttribute(&tfprotov6.SchemaAttribute{Name: "x"}); err == nil {
		t.Error("attribute without a type: want an error")
	}
}

func TestConvertFunction(t *testing.T) {
	t.Parallel()
	got, err := convertFunction(&tfprotov6.Function{
		Summary: "S", Description: "D",
		Parameters:        []*tfprotov6.FunctionParameter{{Name: "p", Type: tftypes.String, AllowNullValue: true}},
		VariadicParameter: &tfprotov6.FunctionParameter{Name: "rest", Type: tftypes.Number},
		Return:            &tfprotov6.FunctionReturn{Type: tftypes.List{ElementType: tftypes.String}},
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"description":"D","summary":"S","return_type":["list","string"],` +
		`"parameters":[{"name":"p","is_nullable":true,"type":"string"}],"variadic_parameter":{"name":"rest","type":"number"}}`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("function JSON (-want +got):\n%s", diff)
	}
}

// TestProviderSchemas_provider runs the real provider and checks that what
// tfplugindocs reads back is complete.
func TestProviderSchemas_provider(t *testing.T) {
	t.Parallel()
	server, err := providerserver.NewProtocol6WithError(provider.New("test")())()
	if err != nil {
		t.Fatal(err)
	}
	ps, err := providerSchemas(context.Background(), server, "contactcenter")
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(ps)
	if err != nil {
		t.Fatal(err)
	}
	var back tfjson.ProviderSchemas // UnmarshalJSON validates format_version too
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("reading the output back: %v", err)
	}
	p := back.Schemas["contactcenter"]
	if p == nil {
		t.Fatalf("no provider keyed %q in %v", "contactcenter", back.Schemas)
	}
	token := p.ConfigSchema.Block.Attributes["access_token"]
	if token == nil || !token.Sensitive || token.DescriptionKind != tfjson.SchemaDescriptionKindMarkdown {
		t.Errorf("provider access_token = %+v, want a sensitive attribute with a markdown description", token)
	}
	// Every object the provider serves is in the output, with a description.
	resp, err := server.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for name := range resp.ResourceSchemas {
		if s := p.ResourceSchemas[name]; s == nil || s.Block.Description == "" {
			t.Errorf("resource %s missing or without description", name)
		}
	}
	for name := range resp.DataSourceSchemas {
		if s := p.DataSourceSchemas[name]; s == nil || s.Block.Description == "" {
			t.Errorf("data source %s missing or without description", name)
		}
	}
	for name := range resp.ActionSchemas {
		if s := p.ActionSchemas[name]; s == nil || s.Block == nil {
			t.Errorf("action %s missing", name)
		}
	}
	for name := range resp.Functions {
		if p.Functions[name] == nil {
			t.Errorf("function %s missing", name)
		}
	}
	if p.ResourceSchemas["contactcenter_skill_group"] == nil {
		t.Error("contactcenter_skill_group missing")
	}
}
