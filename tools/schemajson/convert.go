package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/zclconf/go-cty/cty"
)

// formatVersion is the version of the `terraform providers schema -json`
// format written (Terraform 1.x writes "1.0").
const formatVersion = "1.0"

// providerSchemas asks server for every schema it has and converts them to
// the JSON format of `terraform providers schema -json`.
func providerSchemas(ctx context.Context, server tfprotov6.ProviderServer, address string) (*tfjson.ProviderSchemas, error) {
	resp, err := server.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		return nil, fmt.Errorf("GetProviderSchema: %w", err)
	}
	if err := diagnosticsError("GetProviderSchema", resp.Diagnostics); err != nil {
		return nil, err
	}
	ids, err := server.GetResourceIdentitySchemas(ctx, &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil {
		return nil, fmt.Errorf("GetResourceIdentitySchemas: %w", err)
	}
	if err := diagnosticsError("GetResourceIdentitySchemas", ids.Diagnostics); err != nil {
		return nil, err
	}

	ps := &tfjson.ProviderSchema{}
	if ps.ConfigSchema, err = convertSchema(resp.Provider); err != nil {
		return nil, fmt.Errorf("provider configuration: %w", err)
	}
	kinds := []struct {
		what string
		in   map[string]*tfprotov6.Schema
		out  *map[string]*tfjson.Schema
	}{
		{"resource", resp.ResourceSchemas, &ps.ResourceSchemas},
		{"data source", resp.DataSourceSchemas, &ps.DataSourceSchemas},
		{"ephemeral resource", resp.EphemeralResourceSchemas, &ps.EphemeralResourceSchemas},
		{"list resource", resp.ListResourceSchemas, &ps.ListResourceSchemas},
		{"state store", resp.StateStoreSchemas, &ps.StateStoreSchemas},
	}
	for _, k := range kinds {
		if len(k.in) == 0 {
			continue
		}
		*k.out = make(map[string]*tfjson.Schema, len(k.in))
		for name, s := range k.in {
			if (*k.out)[name], err = convertSchema(s); err != nil {
				return nil, fmt.Errorf("%s %s: %w", k.what, name, err)
			}
		}
	}
	if len(resp.ActionSchemas) > 0 {
		ps.ActionSchemas = make(map[string]*tfjson.ActionSchema, len(resp.ActionSchemas))
		for name, a := range resp.ActionSchemas {
			if a == nil || a.Schema == nil {
				return nil, fmt.Errorf("action %s: no schema", name)
			}
			block, err := convertBlock(a.Schema.Block)
			if err != nil {
				return nil, fmt.Errorf("action %s: %w", name, err)
			}
			ps.ActionSchemas[name] = &tfjson.ActionSchema{Block: block}
		}
	}
	if len(resp.Functions) > 0 {
		ps.Functions = make(map[string]*tfjson.FunctionSignature, len(resp.Functions))
		for name, f := range resp.Functions {
			if ps.Functions[name], err = convertFunction(f); err != nil {
				return nil, fmt.Errorf("function %s: %w", name, err)
			}
		}
	}
	if len(ids.IdentitySchemas) > 0 {
		ps.ResourceIdentitySchemas = make(map[string]*tfjson.IdentitySchema, len(ids.IdentitySchemas))
		for name, s := range ids.IdentitySchemas {
			if ps.ResourceIdentitySchemas[name], err = convertIdentity(s); err != nil {
				return nil, fmt.Errorf("resource identity %s: %w", name, err)
			}
		}
	}
	return &tfjson.ProviderSchemas{
		FormatVersion: formatVersion,
		Schemas:       map[string]*tfjson.ProviderSchema{address: ps},
	}, nil
}

// diagnosticsError turns error diagnostics into one error (warnings pass).
func diagnosticsError(call string, diags []*tfprotov6.Diagnostic) error {
	var msgs []string
	for _, d := range diags {
		if d != nil && d.Severity == tfprotov6.DiagnosticSeverityError {
			msgs = append(msgs, strings.TrimSpace(d.Summary+": "+d.Detail))
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return fmt.Errorf("%s: %s", call, strings.Join(msgs, "; "))
}

func convertSchema(s *tfprotov6.Schema) (*tfjson.Schema, error) {
	if s == nil {
		return nil, errors.New("no schema")
	}
	block, err := convertBlock(s.Block)
	if err != nil {
		return nil, err
	}
	if s.Version < 0 {
		return nil, fmt.Errorf("negative schema version %d", s.Version)
	}
	return &tfjson.Schema{Version: uint64(s.Version), Block: block}, nil
}

func descriptionKind(k tfprotov6.StringKind) tfjson.SchemaDescriptionKind {
	if k == tfprotov6.StringKindMarkdown {
		return tfjson.SchemaDescriptionKindMarkdown
	}
	return tfjson.SchemaDescriptionKindPlain
}

func convertBlock(b *tfprotov6.SchemaBlock) (*tfjson.SchemaBlock, error) {
	out := &tfjson.SchemaBlock{DescriptionKind: tfjson.SchemaDescriptionKindPlain}
	if b == nil {
		return out, nil
	}
	out.Description = b.Description
	out.DescriptionKind = descriptionKind(b.DescriptionKind)
	out.Deprecated = b.Deprecated
	if len(b.Attributes) > 0 {
		attrs, err := convertAttributes(b.Attributes)
		if err != nil {
			return nil, err
		}
		out.Attributes = attrs
	}
	if len(b.BlockTypes) > 0 {
		out.NestedBlocks = make(map[string]*tfjson.SchemaBlockType, len(b.BlockTypes))
		for _, nb := range b.BlockTypes {
			if nb == nil {
				continue
			}
			mode, err := blockNesting(nb.Nesting)
			if err != nil {
				return nil, fmt.Errorf("block %s: %w", nb.TypeName, err)
			}
			inner, err := convertBlock(nb.Block)
			if err != nil {
				return nil, fmt.Errorf("block %s: %w", nb.TypeName, err)
			}
			if nb.MinItems < 0 || nb.MaxItems < 0 {
				return nil, fmt.Errorf("block %s: negative item limits", nb.TypeName)
			}
			out.NestedBlocks[nb.TypeName] = &tfjson.SchemaBlockType{
				NestingMode: mode, Block: inner,
				MinItems: uint64(nb.MinItems), MaxItems: uint64(nb.MaxItems),
			}
		}
	}
	return out, nil
}

func convertAttributes(attrs []*tfprotov6.SchemaAttribute) (map[string]*tfjson.SchemaAttribute, error) {
	out := make(map[string]*tfjson.SchemaAttribute, len(attrs))
	for _, a := range attrs {
		if a == nil {
			continue
		}
		ca, err := convertAttribute(a)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: %w", a.Name, err)
		}
		out[a.Name] = ca
	}
	return out, nil
}

func convertAttribute(a *tfprotov6.SchemaAttribute) (*tfjson.SchemaAttribute, error) {
	out := &tfjson.SchemaAttribute{
		Description:     a.Description,
		DescriptionKind: descriptionKind(a.DescriptionKind),
		Deprecated:      a.Deprecated,
		Required:        a.Required,
		Optional:        a.Optional,
		Computed:        a.Computed,
		Sensitive:       a.Sensitive,
		WriteOnly:       a.WriteOnly,
	}
	switch {
	case a.NestedType != nil:
		mode, err := objectNesting(a.NestedType.Nesting)
		if err != nil {
			return nil, err
		}
		nested, err := convertAttributes(a.NestedType.Attributes)
		if err != nil {
			return nil, err
		}
		out.AttributeNestedType = &tfjson.SchemaNestedAttributeType{Attributes: nested, NestingMode: mode}
	case a.Type != nil:
		t, err := ctyType(a.Type)
		if err != nil {
			return nil, err
		}
		out.AttributeType = t
	default:
		return nil, errors.New("neither a type nor a nested type")
	}
	return out, nil
}

func blockNesting(m tfprotov6.SchemaNestedBlockNestingMode) (tfjson.SchemaNestingMode, error) {
	switch m {
	case tfprotov6.SchemaNestedBlockNestingModeSingle:
		return tfjson.SchemaNestingModeSingle, nil
	case tfprotov6.SchemaNestedBlockNestingModeGroup:
		return tfjson.SchemaNestingModeGroup, nil
	case tfprotov6.SchemaNestedBlockNestingModeList:
		return tfjson.SchemaNestingModeList, nil
	case tfprotov6.SchemaNestedBlockNestingModeSet:
		return tfjson.SchemaNestingModeSet, nil
	case tfprotov6.SchemaNestedBlockNestingModeMap:
		return tfjson.SchemaNestingModeMap, nil
	}
	return "", fmt.Errorf("unknown block nesting mode %v", m)
}

func objectNesting(m tfprotov6.SchemaObjectNestingMode) (tfjson.SchemaNestingMode, error) {
	switch m {
	case tfprotov6.SchemaObjectNestingModeSingle:
		return tfjson.SchemaNestingModeSingle, nil
	case tfprotov6.SchemaObjectNestingModeList:
		return tfjson.SchemaNestingModeList, nil
	case tfprotov6.SchemaObjectNestingModeSet:
		return tfjson.SchemaNestingModeSet, nil
	case tfprotov6.SchemaObjectNestingModeMap:
		return tfjson.SchemaNestingModeMap, nil
	}
	return "", fmt.Errorf("unknown nested attribute nesting mode %v", m)
}

// ctyType converts a wire type to the cty type Terraform writes in its JSON.
func ctyType(t tftypes.Type) (cty.Type, error) {
	switch tt := t.(type) {
	case tftypes.List:
		el, err := ctyType(tt.ElementType)
		if err != nil {
			return cty.NilType, err
		}
		return cty.List(el), nil
	case tftypes.Set:
		el, err := ctyType(tt.ElementType)
		if err != nil {
			return cty.NilType, err
		}
		return cty.Set(el), nil
	case tftypes.Map:
		el, err := ctyType(tt.ElementType)
		if err != nil {
			return cty.NilType, err
		}
		return cty.Map(el), nil
	case tftypes.Tuple:
		els := make([]cty.Type, len(tt.ElementTypes))
		for i, e := range tt.ElementTypes {
			el, err := ctyType(e)
			if err != nil {
				return cty.NilType, err
			}
			els[i] = el
		}
		return cty.Tuple(els), nil
	case tftypes.Object:
		attrs := make(map[string]cty.Type, len(tt.AttributeTypes))
		for name, at := range tt.AttributeTypes {
			ct, err := ctyType(at)
			if err != nil {
				return cty.NilType, fmt.Errorf("object attribute %s: %w", name, err)
			}
			attrs[name] = ct
		}
		if len(tt.OptionalAttributes) == 0 {
			return cty.Object(attrs), nil
		}
		optional := make([]string, 0, len(tt.OptionalAttributes))
		for name := range tt.OptionalAttributes {
			optional = append(optional, name)
		}
		return cty.ObjectWithOptionalAttrs(attrs, optional), nil
	}
	switch {
	case t == nil:
		return cty.NilType, errors.New("missing type")
	case t.Is(tftypes.String):
		return cty.String, nil
	case t.Is(tftypes.Number):
		return cty.Number, nil
	case t.Is(tftypes.Bool):
		return cty.Bool, nil
	case t.Is(tftypes.DynamicPseudoType):
		return cty.DynamicPseudoType, nil
	}
	return cty.NilType, fmt.Errorf("unsupported type %s", t)
}

func convertFunction(f *tfprotov6.Function) (*tfjson.FunctionSignature, error) {
	if f == nil || f.Return == nil {
		return nil, errors.New("no return type")
	}
	ret, err := ctyType(f.Return.Type)
	if err != nil {
		return nil, fmt.Errorf("return: %w", err)
	}
	out := &tfjson.FunctionSignature{
		Description:        f.Description,
		Summary:            f.Summary,
		DeprecationMessage: f.DeprecationMessage,
		ReturnType:         ret,
	}
	for i, p := range f.Parameters {
		cp, err := convertParameter(p)
		if err != nil {
			return nil, fmt.Errorf("parameter %d: %w", i, err)
		}
		out.Parameters = append(out.Parameters, cp)
	}
	if f.VariadicParameter != nil {
		if out.VariadicParameter, err = convertParameter(f.VariadicParameter); err != nil {
			return nil, fmt.Errorf("variadic parameter: %w", err)
		}
	}
	return out, nil
}

func convertParameter(p *tfprotov6.FunctionParameter) (*tfjson.FunctionParameter, error) {
	if p == nil {
		return nil, errors.New("missing parameter")
	}
	t, err := ctyType(p.Type)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	return &tfjson.FunctionParameter{Name: p.Name, Description: p.Description, IsNullable: p.AllowNullValue, Type: t}, nil
}

func convertIdentity(s *tfprotov6.ResourceIdentitySchema) (*tfjson.IdentitySchema, error) {
	if s == nil {
		return nil, errors.New("no schema")
	}
	if s.Version < 0 {
		return nil, fmt.Errorf("negative schema version %d", s.Version)
	}
	out := &tfjson.IdentitySchema{Version: uint64(s.Version), Attributes: map[string]*tfjson.IdentityAttribute{}}
	for _, a := range s.IdentityAttributes {
		if a == nil {
			continue
		}
		t, err := ctyType(a.Type)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: %w", a.Name, err)
		}
		out.Attributes[a.Name] = &tfjson.IdentityAttribute{
			IdentityType: t, Description: a.Description,
			RequiredForImport: a.RequiredForImport, OptionalForImport: a.OptionalForImport,
		}
	}
	return out, nil
}
