package framework

import (
	"context"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// Revalidate runs an action's checks again on the configuration it is
// invoked with. At validation a value that refers to another object is
// unknown, and the checks of it are skipped; at invoke every value is
// known, and nothing may be sent with a value the checks refuse (a number
// listed twice, both sms_text and tpl_id, a malformed number). It runs the
// schema's attribute validators (top-level attributes, list elements'
// nested attributes), the ConfigValidators and ValidateConfig, and keeps
// their errors only: a warning was shown at validation already.
func Revalidate(ctx context.Context, act action.Action, config tfsdk.Config, diags *diag.Diagnostics) {
	var sresp action.SchemaResponse
	act.Schema(ctx, action.SchemaRequest{}, &sresp)
	var all diag.Diagnostics
	all.Append(sresp.Diagnostics...)
	for _, name := range slices.Sorted(maps.Keys(sresp.Schema.Attributes)) {
		validateAttribute(ctx, config, path.Root(name), sresp.Schema.Attributes[name], &all)
	}
	if v, ok := act.(action.ActionWithConfigValidators); ok {
		for _, cv := range v.ConfigValidators(ctx) {
			resp := &action.ValidateConfigResponse{}
			cv.ValidateAction(ctx, action.ValidateConfigRequest{Config: config}, resp)
			all.Append(resp.Diagnostics...)
		}
	}
	if v, ok := act.(action.ActionWithValidateConfig); ok {
		resp := &action.ValidateConfigResponse{}
		v.ValidateConfig(ctx, action.ValidateConfigRequest{Config: config}, resp)
		all.Append(resp.Diagnostics...)
	}
	diags.Append(all.Errors()...)
}

// validateAttribute runs the validators of the attribute at p, and those
// of the attributes nested in it (list, set and map elements' attributes,
// a single nested object's, such as timeouts.invoke). Values are read as
// they are typed (custom types included) and converted to the base type
// their validators take.
func validateAttribute(ctx context.Context, config tfsdk.Config, p path.Path, a schema.Attribute, diags *diag.Diagnostics) {
	var v attr.Value
	if d := config.GetAttribute(ctx, p, &v); d.HasError() || v == nil {
		return
	}
	pe := p.Expression()
	switch a := a.(type) {
	case schema.StringAttribute:
		x, _ := v.(basetypes.StringValuable).ToStringValue(ctx)
		run(a.Validators, diags, func(vd validator.String) diag.Diagnostics {
			resp := &validator.StringResponse{}
			vd.ValidateString(ctx, validator.StringRequest{Path: p, PathExpression: pe, Config: config, ConfigValue: x}, resp)
			return resp.Diagnostics
		})
	case schema.Int64Attribute:
		x, _ := v.(basetypes.Int64Valuable).ToInt64Value(ctx)
		run(a.Validators, diags, func(vd validator.Int64) diag.Diagnostics {
			resp := &validator.Int64Response{}
			vd.ValidateInt64(ctx, validator.Int64Request{Path: p, PathExpression: pe, Config: config, ConfigValue: x}, resp)
			return resp.Diagnostics
		})
	case schema.Int32Attribute:
		x, _ := v.(basetypes.Int32Valuable).ToInt32Value(ctx)
		run(a.Validators, diags, func(vd validator.Int32) diag.Diagnostics {
			resp := &validator.Int32Response{}
			vd.ValidateInt32(ctx, validator.Int32Request{Path: p, PathExpression: pe, Config: config, ConfigValue: x}, resp)
			return resp.Diagnostics
		})
	case schema.Float64Attribute:
		x, _ := v.(basetypes.Float64Valuable).ToFloat64Value(ctx)
		run(a.Validators, diags, func(vd validator.Float64) diag.Diagnostics {
			resp := &validator.Float64Response{}
			vd.ValidateFloat64(ctx, validator.Float64Request{Path: p, PathExpression: pe, Config: config, ConfigValue: x}, resp)
			return resp.Diagnostics
		})
	case schema.NumberAttribute:
		x, _ := v.(basetypes.NumberValuable).ToNumberValue(ctx)
		run(a.Validators, diags, func(vd validator.Number) diag.Diagnostics {
			resp := &validator.NumberResponse{}
			vd.ValidateNumber(ctx, validator.NumberRequest{Path: p, PathExpression: pe, Config: config, ConfigValue: x}, resp)
			return resp.Diagnostics
		})
	case schema.BoolAttribute:
		x, _ := v.(basetypes.BoolValuable).ToBoolValue(ctx)
		run(a.Validators, diags, func(vd validator.Bool) diag.Diagnostics {
			resp := &validator.BoolResponse{}
			vd.ValidateBool(ctx, validator.BoolRequest{Path: p, PathExpression: pe, Config: config, ConfigValue: x}, resp)
			return resp.Diagnostics
		})
	case schema.ListAttribute:
		validateList(ctx, config, p, v, a.Validators, diags)
	case schema.SetAttribute:
		validateSet(ctx, config, p, v, a.Validators, diags)
	case schema.MapAttribute:
		validateMap(ctx, config, p, v, a.Validators, diags)
	case schema.ObjectAttribute:
		validateObject(ctx, config, p, v, a.Validators, diags)
	case schema.ListNestedAttribute:
		validateList(ctx, config, p, v, a.Validators, diags)
		if l, ok := known[basetypes.ListValuable](v); ok {
			x, _ := l.ToListValue(ctx)
			for i := range x.Elements() {
				validateNested(ctx, config, p.AtListIndex(i), a.NestedObject, diags)
			}
		}
	case schema.SetNestedAttribute:
		validateSet(ctx, config, p, v, a.Validators, diags)
		if l, ok := known[basetypes.SetValuable](v); ok {
			x, _ := l.ToSetValue(ctx)
			for _, e := range x.Elements() {
				validateNested(ctx, config, p.AtSetValue(e), a.NestedObject, diags)
			}
		}
	case schema.MapNestedAttribute:
		validateMap(ctx, config, p, v, a.Validators, diags)
		if l, ok := known[basetypes.MapValuable](v); ok {
			x, _ := l.ToMapValue(ctx)
			for _, k := range slices.Sorted(maps.Keys(x.Elements())) {
				validateNested(ctx, config, p.AtMapKey(k), a.NestedObject, diags)
			}
		}
	case schema.SingleNestedAttribute:
		validateObject(ctx, config, p, v, a.Validators, diags)
		if _, ok := known[attr.Value](v); ok {
			validateNested(ctx, config, p, schema.NestedAttributeObject{Attributes: a.Attributes}, diags)
		}
	}
}

// validateNested runs the validators of a nested object at p: its own
// and its attributes'.
func validateNested(ctx context.Context, config tfsdk.Config, p path.Path, o schema.NestedAttributeObject, diags *diag.Diagnostics) {
	var v attr.Value
	if d := config.GetAttribute(ctx, p, &v); d.HasError() || v == nil {
		return
	}
	validateObject(ctx, config, p, v, o.Validators, diags)
	if _, ok := known[attr.Value](v); !ok {
		return
	}
	for _, name := range slices.Sorted(maps.Keys(o.Attributes)) {
		validateAttribute(ctx, config, p.AtName(name), o.Attributes[name], diags)
	}
}

// known returns v as a V when it is one and neither null nor unknown.
func known[V attr.Value](v attr.Value) (V, bool) {
	x, ok := v.(V)
	return x, ok && !v.IsNull() && !v.IsUnknown()
}

// run calls check with each validator, keeping its diagnostics.
func run[D any](validators []D, diags *diag.Diagnostics, check func(D) diag.Diagnostics) {
	for _, vd := range validators {
		diags.Append(check(vd)...)
	}
}

func validateList(ctx context.Context, config tfsdk.Config, p path.Path, v attr.Value, vs []validator.List, diags *diag.Diagnostics) {
	x, _ := v.(basetypes.ListValuable).ToListValue(ctx)
	run(vs, diags, func(vd validator.List) diag.Diagnostics {
		resp := &validator.ListResponse{}
		vd.ValidateList(ctx, validator.ListRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: x}, resp)
		return resp.Diagnostics
	})
}

func validateSet(ctx context.Context, config tfsdk.Config, p path.Path, v attr.Value, vs []validator.Set, diags *diag.Diagnostics) {
	x, _ := v.(basetypes.SetValuable).ToSetValue(ctx)
	run(vs, diags, func(vd validator.Set) diag.Diagnostics {
		resp := &validator.SetResponse{}
		vd.ValidateSet(ctx, validator.SetRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: x}, resp)
		return resp.Diagnostics
	})
}

func validateMap(ctx context.Context, config tfsdk.Config, p path.Path, v attr.Value, vs []validator.Map, diags *diag.Diagnostics) {
	x, _ := v.(basetypes.MapValuable).ToMapValue(ctx)
	run(vs, diags, func(vd validator.Map) diag.Diagnostics {
		resp := &validator.MapResponse{}
		vd.ValidateMap(ctx, validator.MapRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: x}, resp)
		return resp.Diagnostics
	})
}

func validateObject(ctx context.Context, config tfsdk.Config, p path.Path, v attr.Value, vs []validator.Object, diags *diag.Diagnostics) {
	ov, ok := v.(basetypes.ObjectValuable)
	if !ok {
		return
	}
	x, _ := ov.ToObjectValue(ctx)
	run(vs, diags, func(vd validator.Object) diag.Diagnostics {
		resp := &validator.ObjectResponse{}
		vd.ValidateObject(ctx, validator.ObjectRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: x}, resp)
		return resp.Diagnostics
	})
}
