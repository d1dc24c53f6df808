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
	"github.com/hashicorp/terraform-plugin-framework/types"
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

// validateAttribute runs the validators of the attribute at p (and of the
// attributes nested in its list elements).
func validateAttribute(ctx context.Context, config tfsdk.Config, p path.Path, attr schema.Attribute, diags *diag.Diagnostics) {
	switch a := attr.(type) {
	case schema.StringAttribute:
		each(ctx, config, p, a.Validators, diags, func(vd validator.String, v types.String) diag.Diagnostics {
			resp := &validator.StringResponse{}
			vd.ValidateString(ctx, validator.StringRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: v}, resp)
			return resp.Diagnostics
		})
	case schema.Int64Attribute:
		each(ctx, config, p, a.Validators, diags, func(vd validator.Int64, v types.Int64) diag.Diagnostics {
			resp := &validator.Int64Response{}
			vd.ValidateInt64(ctx, validator.Int64Request{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: v}, resp)
			return resp.Diagnostics
		})
	case schema.BoolAttribute:
		each(ctx, config, p, a.Validators, diags, func(vd validator.Bool, v types.Bool) diag.Diagnostics {
			resp := &validator.BoolResponse{}
			vd.ValidateBool(ctx, validator.BoolRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: v}, resp)
			return resp.Diagnostics
		})
	case schema.MapAttribute:
		each(ctx, config, p, a.Validators, diags, func(vd validator.Map, v types.Map) diag.Diagnostics {
			resp := &validator.MapResponse{}
			vd.ValidateMap(ctx, validator.MapRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: v}, resp)
			return resp.Diagnostics
		})
	case schema.ListAttribute:
		each(ctx, config, p, a.Validators, diags, listCheck(ctx, config, p))
	case schema.ListNestedAttribute:
		v := each(ctx, config, p, a.Validators, diags, listCheck(ctx, config, p))
		if v.IsNull() || v.IsUnknown() {
			return
		}
		for i := range v.Elements() {
			for name, nested := range a.NestedObject.Attributes {
				validateAttribute(ctx, config, p.AtListIndex(i).AtName(name), nested, diags)
			}
		}
	}
}

// each reads the value at p and runs check with every validator of it; it
// returns the value (the zero value, null, when it cannot be read).
func each[V attr.Value, D any](ctx context.Context, config tfsdk.Config, p path.Path, validators []D, diags *diag.Diagnostics,
	check func(D, V) diag.Diagnostics) V {
	var v V
	if d := config.GetAttribute(ctx, p, &v); d.HasError() {
		var null V
		return null
	}
	for _, vd := range validators {
		diags.Append(check(vd, v)...)
	}
	return v
}

func listCheck(ctx context.Context, config tfsdk.Config, p path.Path) func(validator.List, types.List) diag.Diagnostics {
	return func(vd validator.List, v types.List) diag.Diagnostics {
		resp := &validator.ListResponse{}
		vd.ValidateList(ctx, validator.ListRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: v}, resp)
		return resp.Diagnostics
	}
}
