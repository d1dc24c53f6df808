package framework

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// notEmpty refuses "" and warns of "old".
type notEmpty struct{}

func (notEmpty) Description(context.Context) string         { return "not empty" }
func (notEmpty) MarkdownDescription(context.Context) string { return "not empty" }
func (notEmpty) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	switch req.ConfigValue.ValueString() {
	case "":
		resp.Diagnostics.AddAttributeError(req.Path, "Empty", "empty at "+req.Path.String())
	case "old":
		resp.Diagnostics.AddAttributeWarning(req.Path, "Old", "old")
	}
}

type fakeAction struct{}

func (fakeAction) Metadata(context.Context, action.MetadataRequest, *action.MetadataResponse) {}
func (fakeAction) Invoke(context.Context, action.InvokeRequest, *action.InvokeResponse)       {}
func (fakeAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"name": schema.StringAttribute{Optional: true, Validators: []validator.String{notEmpty{}}},
		"items": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"mobile": schema.StringAttribute{Required: true, Validators: []validator.String{notEmpty{}}},
		}}},
		"limits": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"wait": schema.StringAttribute{Optional: true, Validators: []validator.String{notEmpty{}}},
		}},
		"tags": schema.SetNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"key": schema.StringAttribute{Required: true, Validators: []validator.String{notEmpty{}}},
		}}},
	}}
}

// TestRevalidate: the attribute validators run on the invoke-time values,
// nested list attributes included; their errors are kept and their
// warnings, shown at validation already, are not repeated.
func TestRevalidate(t *testing.T) {
	t.Parallel()
	var sresp action.SchemaResponse
	fakeAction{}.Schema(t.Context(), action.SchemaRequest{}, &sresp)
	typ := sresp.Schema.Type().TerraformType(t.Context())
	item := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"mobile": tftypes.String}}
	limits := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"wait": tftypes.String}}
	tag := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"key": tftypes.String}}
	config := tfsdk.Config{Schema: sresp.Schema, Raw: tftypes.NewValue(typ, map[string]tftypes.Value{
		"name": tftypes.NewValue(tftypes.String, "old"),
		"items": tftypes.NewValue(tftypes.List{ElementType: item}, []tftypes.Value{
			tftypes.NewValue(item, map[string]tftypes.Value{"mobile": tftypes.NewValue(tftypes.String, "1")}),
			tftypes.NewValue(item, map[string]tftypes.Value{"mobile": tftypes.NewValue(tftypes.String, "")}),
		}),
		"limits": tftypes.NewValue(limits, map[string]tftypes.Value{"wait": tftypes.NewValue(tftypes.String, "")}),
		"tags": tftypes.NewValue(tftypes.Set{ElementType: tag}, []tftypes.Value{
			tftypes.NewValue(tag, map[string]tftypes.Value{"key": tftypes.NewValue(tftypes.String, "")}),
		}),
	})}
	var diags diag.Diagnostics
	Revalidate(t.Context(), fakeAction{}, config, &diags)
	var got []string
	for _, d := range diags {
		got = append(got, d.Summary()+": "+d.Detail())
	}
	want := []string{
		"Empty: empty at items[1].mobile",
		"Empty: empty at limits.wait",
		`Empty: empty at tags[Value({"key":""})].key`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant the errors of items[1].mobile, limits.wait and the set element's key, and no warning:\n%s",
			strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
