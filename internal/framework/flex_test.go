package framework

import (
	"context"
	"math/big"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

type flexModel struct {
	ID       types.String  `tfsdk:"id"`
	Name     types.String  `tfsdk:"name"`
	Priority types.Int64   `tfsdk:"priority"`
	Enabled  types.Bool    `tfsdk:"enabled"`
	Rate     types.Float64 `tfsdk:"rate"`
	Num      types.String  `tfsdk:"num"`
	Local    types.String  `tfsdk:"local"` // no API field: left alone
}

type flexAPI struct {
	ID       client.FlexInt    `json:"id"`
	Name     client.FlexString `json:"name,omitempty"`
	Priority client.FlexInt    `json:"priority"`
	Enabled  client.FlexBool   `json:"enabled"`
	Rate     client.FlexFloat  `json:"rate"`
	Num      *string           `json:"num"`
	Extra    string            `json:"extra"` // no model field: ignored
}

type flexInput struct {
	Name     string   `json:"name"`
	Priority *int64   `json:"priority,omitempty"`
	Enabled  int      `json:"enabled"`
	Rate     *float64 `json:"rate,omitempty"`
	Num      *string  `json:"num,omitempty"`
}

func TestFlatten(t *testing.T) {
	m := flexModel{Local: types.StringValue("kept")}
	Flatten(&flexAPI{ID: 12, Name: "Sales", Priority: 3, Enabled: true, Rate: 1.5}, &m)
	want := flexModel{ID: types.StringValue("12"), Name: types.StringValue("Sales"), Priority: types.Int64Value(3),
		Enabled: types.BoolValue(true), Rate: types.Float64Value(1.5), Num: types.StringNull(), Local: types.StringValue("kept")}
	if diff := cmp.Diff(want, m); diff != "" {
		t.Fatalf("Flatten (-want +got):\n%s", diff)
	}
}

func TestExpand(t *testing.T) {
	var in flexInput
	Expand(flexModel{Name: types.StringValue("Sales"), Priority: types.Int64Null(), Enabled: types.BoolValue(true),
		Rate: types.Float64Unknown(), Num: types.StringValue("801")}, &in)
	num := "801"
	if diff := cmp.Diff(flexInput{Name: "Sales", Enabled: 1, Num: &num}, in); diff != "" {
		t.Fatalf("Expand (-want +got):\n%s", diff)
	}
	p := int64(7)
	Expand(flexModel{Priority: types.Int64Value(7)}, &in)
	if in.Priority == nil || *in.Priority != p || in.Name != "" {
		t.Fatalf("Expand of a second model: %+v", in)
	}
}

func TestFlattenMismatchPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("a field pair that cannot be mapped must panic (a model mistake), not be skipped")
		}
	}()
	var m struct {
		Name types.Bool `tfsdk:"name"`
	}
	Flatten(flexAPI{Name: "x"}, &m)
}

func TestNullUnknowns(t *testing.T) {
	ty := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"id": tftypes.String, "n": tftypes.Number,
		"cfg": tftypes.Object{AttributeTypes: map[string]tftypes.Type{"a": tftypes.String}},
	}}
	cfgTy := ty.AttributeTypes["cfg"]
	v := tftypes.NewValue(ty, map[string]tftypes.Value{
		"id": tftypes.NewValue(tftypes.String, "1"), "n": tftypes.NewValue(tftypes.Number, tftypes.UnknownValue),
		"cfg": tftypes.NewValue(cfgTy, map[string]tftypes.Value{"a": tftypes.NewValue(tftypes.String, tftypes.UnknownValue)}),
	})
	got := NullUnknowns(v)
	if !got.IsFullyKnown() {
		t.Fatalf("unknowns left: %v", got)
	}
	want := tftypes.NewValue(ty, map[string]tftypes.Value{
		"id": tftypes.NewValue(tftypes.String, "1"), "n": tftypes.NewValue(tftypes.Number, nil),
		"cfg": tftypes.NewValue(cfgTy, map[string]tftypes.Value{"a": tftypes.NewValue(tftypes.String, nil)}),
	})
	if !got.Equal(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestOnlyChanged(t *testing.T) {
	ty := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String, "force_delete": tftypes.Bool}}
	obj := func(name string, force bool) tftypes.Value {
		return tftypes.NewValue(ty, map[string]tftypes.Value{
			"name": tftypes.NewValue(tftypes.String, name), "force_delete": tftypes.NewValue(tftypes.Bool, force)})
	}
	ctx := context.Background()
	if !OnlyChanged(ctx, obj("a", true), obj("a", false), obj("a", true), "force_delete") {
		t.Error("a change of force_delete alone is provider-side only")
	}
	if OnlyChanged(ctx, obj("b", true), obj("a", false), obj("b", true), "force_delete") {
		t.Error("a change of name reaches the API")
	}
	if OnlyChanged(ctx, obj("b", false), obj("a", false), obj("b", false)) {
		t.Error("without provider-only attributes every change reaches the API")
	}
}

func TestOnlyChangedIgnoresComputedUnknowns(t *testing.T) {
	ty := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String, "sound_name": tftypes.String, "force_delete": tftypes.Bool}}
	obj := func(sound tftypes.Value, force bool) tftypes.Value {
		return tftypes.NewValue(ty, map[string]tftypes.Value{"name": tftypes.NewValue(tftypes.String, "a"),
			"sound_name": sound, "force_delete": tftypes.NewValue(tftypes.Bool, force)})
	}
	unknown := tftypes.NewValue(tftypes.String, tftypes.UnknownValue)
	plan := obj(unknown, true)
	state := obj(tftypes.NewValue(tftypes.String, "hold"), false)
	config := obj(tftypes.NewValue(tftypes.String, nil), true)
	if !OnlyChanged(context.Background(), plan, state, config, "force_delete") {
		t.Fatal("a computed value (unset in configuration) unknown in the plan is not a change")
	}
	// At plan time a configured value may be unknown (a reference to an
	// object not yet created): that is a change, and the service's values
	// must stay unknown.
	if OnlyChanged(context.Background(), plan, state, obj(unknown, true), "force_delete") {
		t.Fatal("a configured value unknown in the plan is a change")
	}
	got := FillUnknowns(plan, state)
	if want := obj(tftypes.NewValue(tftypes.String, "hold"), true); !got.Equal(want) {
		t.Fatalf("FillUnknowns: got %v, want %v", got, want)
	}
}

func TestComputedAttributesDropConfigurationSentences(t *testing.T) {
	got := ComputedAttributes(map[string]rschema.Attribute{
		"ring_time": rschema.Int64Attribute{Optional: true, MarkdownDescription: "Ring duration in seconds. Defaults to `30`."},
		"rate":      rschema.Float64Attribute{Optional: true, MarkdownDescription: "Calls per agent. Defaults to `1.5`. Only for type 1."},
		"note":      rschema.StringAttribute{Optional: true, MarkdownDescription: "A note. Unset, the service's value is kept (removing it does not clear it)."},
	})
	want := map[string]string{"ring_time": "Ring duration in seconds.", "rate": "Calls per agent. Only for type 1.", "note": "A note."}
	for name, w := range want {
		if d := got[name].GetMarkdownDescription(); d != w {
			t.Errorf("%s: %q, want %q", name, d, w)
		}
	}
}

// A float read from the API is the number Terraform reads from the same
// decimal in configuration or state, so a configured 1.2 plans no change.
func TestDecimalFloat64(t *testing.T) {
	for _, s := range []string{"1.2", "0.1", "2.675", "2.5", "0", "1e-7", "300"} {
		f, _ := strconv.ParseFloat(s, 64)
		got, err := DecimalFloat64(f).ToTerraformValue(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		cfg, _, _ := big.ParseFloat(s, 10, 512, big.ToNearestEven)
		if want := tftypes.NewValue(tftypes.Number, cfg); !got.Equal(want) {
			t.Errorf("%s: %v, want %v (the configuration's number)", s, got, want)
		}
		if v := DecimalFloat64(f).ValueFloat64(); v != f {
			t.Errorf("%s: ValueFloat64 = %v", s, v)
		}
	}
}
