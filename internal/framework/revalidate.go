package framework

import (
	"context"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
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
		var v types.String
		if d := config.GetAttribute(ctx, p, &v); d.HasError() {
			return
		}
		for _, vd := range a.Validators {
			resp := &validator.StringResponse{}
			vd.ValidateString(ctx, validator.StringRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: v}, resp)
			diags.Append(resp.Diagnostics...)
		}
	case schema.Int64Attribute:
		var v types.Int64
		if d := config.GetAttribute(ctx, p, &v); d.HasError() {
			return
		}
		for _, vd := range a.Validators {
			resp := &validator.Int64Response{}
			vd.ValidateInt64(ctx, validator.Int64Request{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: v}, resp)
			diags.Append(resp.Diagnostics...)
		}
	case schema.BoolAttribute:
		var v types.Bool
		if d := config.GetAttribute(ctx, p, &v); d.HasError() {
			return
		}
		for _, vd := range a.Validators {
			resp := &validator.BoolResponse{}
			vd.ValidateBool(ctx, validator.BoolRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: v}, resp)
			diags.Append(resp.Diagnostics...)
		}
	case schema.ListAttribute:
		var v types.List
		if d := config.GetAttribute(ctx, p, &v); d.HasError() {
			return
		}
		validateList(ctx, config, p, v, a.Validators, diags)
	case schema.MapAttribute:
		var v types.Map
		if d := config.GetAttribute(ctx, p, &v); d.HasError() {
			return
		}
		for _, vd := range a.Validators {
			resp := &validator.MapResponse{}
			vd.ValidateMap(ctx, validator.MapRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: v}, resp)
			diags.Append(resp.Diagnostics...)
		}
	case schema.ListNestedAttribute:
		var v types.List
		if d := config.GetAttribute(ctx, p, &v); d.HasError() {
			return
		}
		validateList(ctx, config, p, v, a.Validators, diags)
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

func validateList(ctx context.Context, config tfsdk.Config, p path.Path, v types.List, vs []validator.List, diags *diag.Diagnostics) {
	for _, vd := range vs {
		resp := &validator.ListResponse{}
		vd.ValidateList(ctx, validator.ListRequest{Path: p, PathExpression: p.Expression(), Config: config, ConfigValue: v}, resp)
		diags.Append(resp.Diagnostics...)
	}
}
