package framework

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// refused is a check of any kind of value that refuses every known,
// non-null value, naming its path.
type refused struct{}

func (refused) Description(context.Context) string         { return "refused" }
func (refused) MarkdownDescription(context.Context) string { return "refused" }

func (refused) refuse(p path.Path, null, unknown bool, d *diag.Diagnostics) {
	if !null && !unknown {
		d.AddAttributeError(p, "Refused", "refused at "+p.String())
	}
}
func (r refused) ValidateList(_ context.Context, q validator.ListRequest, s *validator.ListResponse) {
	r.refuse(q.Path, q.ConfigValue.IsNull(), q.ConfigValue.IsUnknown(), &s.Diagnostics)
}
func (r refused) ValidateSet(_ context.Context, q validator.SetRequest, s *validator.SetResponse) {
	r.refuse(q.Path, q.ConfigValue.IsNull(), q.ConfigValue.IsUnknown(), &s.Diagnostics)
}
func (r refused) ValidateMap(_ context.Context, q validator.MapRequest, s *validator.MapResponse) {
	r.refuse(q.Path, q.ConfigValue.IsNull(), q.ConfigValue.IsUnknown(), &s.Diagnostics)
}
func (r refused) ValidateObject(_ context.Context, q validator.ObjectRequest, s *validator.ObjectResponse) {
	r.refuse(q.Path, q.ConfigValue.IsNull(), q.ConfigValue.IsUnknown(), &s.Diagnostics)
}
func (r refused) ValidateInt64(_ context.Context, q validator.Int64Request, s *validator.Int64Response) {
	r.refuse(q.Path, q.ConfigValue.IsNull(), q.ConfigValue.IsUnknown(), &s.Diagnostics)
}
func (r refused) ValidateBool(_ context.Context, q validator.BoolRequest, s *validator.BoolResponse) {
	r.refuse(q.Path, q.ConfigValue.IsNull(), q.ConfigValue.IsUnknown(), &s.Diagnostics)
}

// kindsAction has a refusing check on an attribute of each kind, on the
// elements of a nested list, and at the configuration level.
type kindsAction struct{}

func (kindsAction) Metadata(context.Context, action.MetadataRequest, *action.MetadataResponse) {}
func (kindsAction) Invoke(context.Context, action.InvokeRequest, *action.InvokeResponse)       {}
func (kindsAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"mobiles": schema.ListAttribute{ElementType: types.StringType, Optional: true, Validators: []validator.List{refused{}}},
		"ids":     schema.SetAttribute{ElementType: types.Int64Type, Optional: true, Validators: []validator.Set{refused{}}},
		"params":  schema.MapAttribute{ElementType: types.StringType, Optional: true, Validators: []validator.Map{refused{}}},
		"count":   schema.Int64Attribute{Optional: true, Validators: []validator.Int64{refused{}}},
		"on":      schema.BoolAttribute{Optional: true, Validators: []validator.Bool{refused{}}},
		"target": schema.SingleNestedAttribute{Optional: true, Validators: []validator.Object{refused{}}, Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{Optional: true},
		}},
		"items": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{
			Validators: []validator.Object{refused{}},
			Attributes: map[string]schema.Attribute{"name": schema.StringAttribute{Optional: true}},
		}},
	}}
}

func (kindsAction) ConfigValidators(context.Context) []action.ConfigValidator {
	return []action.ConfigValidator{ForbiddenWhen("when on = true", []Condition{Is(path.Root("on"), types.BoolValue(true))}, path.Root("count"))}
}

func (kindsAction) ValidateConfig(_ context.Context, _ action.ValidateConfigRequest, resp *action.ValidateConfigResponse) {
	resp.Diagnostics.AddError("Whole Configuration Refused", "ValidateConfig ran")
}

// TestRevalidate_everyKind: at invoke, the checks of list, set, map,
// number, bool and object attributes run again, and so do the checks of
// a nested list's elements, the configuration validators and
// ValidateConfig: a list of numbers unknown at validation (written from
// another object) is checked before anything is sent.
func TestRevalidate_everyKind(t *testing.T) {
	t.Parallel()
	var sresp action.SchemaResponse
	kindsAction{}.Schema(t.Context(), action.SchemaRequest{}, &sresp)
	typ := sresp.Schema.Type().TerraformType(t.Context())
	named := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String}}
	obj := tftypes.NewValue(named, map[string]tftypes.Value{"name": tftypes.NewValue(tftypes.String, "a")})
	config := tfsdk.Config{Schema: sresp.Schema, Raw: tftypes.NewValue(typ, map[string]tftypes.Value{
		"mobiles": tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, []tftypes.Value{tftypes.NewValue(tftypes.String, "1")}),
		"ids":     tftypes.NewValue(tftypes.Set{ElementType: tftypes.Number}, []tftypes.Value{tftypes.NewValue(tftypes.Number, 1)}),
		"params":  tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, map[string]tftypes.Value{"k": tftypes.NewValue(tftypes.String, "v")}),
		"count":   tftypes.NewValue(tftypes.Number, 3),
		"on":      tftypes.NewValue(tftypes.Bool, true),
		"target":  obj,
		"items":   tftypes.NewValue(tftypes.List{ElementType: named}, []tftypes.Value{obj}),
	})}
	var diags diag.Diagnostics
	Revalidate(t.Context(), kindsAction{}, config, &diags)
	got := map[string]bool{}
	for _, d := range diags {
		got[d.Summary()+": "+d.Detail()] = true
	}
	for _, want := range []string{
		"Refused: refused at mobiles", "Refused: refused at ids", "Refused: refused at params", "Refused: refused at count",
		"Refused: refused at on", "Refused: refused at target", "Refused: refused at items[0]",
		"Whole Configuration Refused: ValidateConfig ran", "Invalid Attribute Combination: count cannot be set when on = true.",
	} {
		if !got[want] {
			t.Errorf("no %q at invoke; diagnostics: %v", want, diags)
		}
	}
}
