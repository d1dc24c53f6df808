package framework_test

import (
	"context"
	"strings"
	"testing"

	actiontimeouts "github.com/hashicorp/terraform-plugin-framework-timeouts/action/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	actionschema "github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/internal/framework"
	"github.com/contactcenter/terraform-provider-contactcenter/internal/tfkit"
)

// Strict adds the checks to configurable attributes at any depth, leaves
// computed ones alone, and a second pass changes nothing.
func TestStrict(t *testing.T) {
	attrs := map[string]schema.Attribute{
		"n":        schema.Int64Attribute{Optional: true},
		"computed": schema.Int64Attribute{Computed: true},
		"ids":      schema.ListAttribute{Optional: true, ElementType: types.Int64Type},
		"typed":    schema.ListAttribute{Optional: true, ElementType: framework.WholeNumber},
		"names":    schema.SetAttribute{Required: true, ElementType: types.StringType},
		"params":   schema.MapAttribute{Optional: true, ElementType: types.StringType},
		"items": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"level": schema.Int64Attribute{Required: true},
		}}},
		"one": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"queues": schema.SetAttribute{Optional: true, ElementType: types.Int64Type},
		}},
	}
	for pass := 1; pass <= 2; pass++ {
		framework.Strict(attrs)
		if got := attrs["n"].(schema.Int64Attribute).CustomType; got != framework.WholeNumber {
			t.Errorf("pass %d: n has type %v, want WholeNumber", pass, got)
		}
		if got := attrs["computed"].(schema.Int64Attribute).CustomType; got != nil {
			t.Errorf("pass %d: computed got type %v", pass, got)
		}
		ids := attrs["ids"].(schema.ListAttribute)
		if ids.ElementType != framework.WholeNumber || len(ids.Validators) != 2 {
			t.Errorf("pass %d: ids elements %v, %d validators; want WholeNumber and 2 (whole numbers, no nulls)", pass, ids.ElementType, len(ids.Validators))
		}
		if typed := attrs["typed"].(schema.ListAttribute); len(typed.Validators) != 2 {
			t.Errorf("pass %d: typed (WholeNumber elements already) has %d validators; want 2", pass, len(typed.Validators))
		}
		if names := attrs["names"].(schema.SetAttribute); names.ElementType != types.StringType || len(names.Validators) != 1 {
			t.Errorf("pass %d: names elements %v, %d validators; want String and 1 (no nulls)", pass, names.ElementType, len(names.Validators))
		}
		if n := len(attrs["params"].(schema.MapAttribute).Validators); n != 1 {
			t.Errorf("pass %d: params has %d validators, want 1 (no nulls)", pass, n)
		}
		items := attrs["items"].(schema.ListNestedAttribute)
		if len(items.Validators) != 1 || items.NestedObject.Attributes["level"].(schema.Int64Attribute).CustomType != framework.WholeNumber {
			t.Errorf("pass %d: items has %d validators (want 1) and level type %v", pass, len(items.Validators), items.NestedObject.Attributes["level"])
		}
		if q := attrs["one"].(schema.SingleNestedAttribute).Attributes["queues"].(schema.SetAttribute); q.ElementType != framework.WholeNumber || len(q.Validators) != 2 {
			t.Errorf("pass %d: one.queues elements %v, %d validators", pass, q.ElementType, len(q.Validators))
		}
	}
	// A map of attribute structs rather than of schema.Attribute.
	if got := framework.Strict(map[string]schema.Int64Attribute{"n": {Optional: true}})["n"].CustomType; got != framework.WholeNumber {
		t.Errorf("map of Int64Attribute: n has type %v, want WholeNumber", got)
	}
	// The attributes of another schema package.
	action := framework.Strict(map[string]actionschema.Attribute{"ids": actionschema.ListAttribute{Required: true, ElementType: types.Int64Type}})
	if ids := action["ids"].(actionschema.ListAttribute); ids.ElementType != framework.WholeNumber || len(ids.Validators) != 2 {
		t.Errorf("action ids: elements %v, %d validators", ids.ElementType, len(ids.Validators))
	}
}

// A timeout of the timeouts package must be positive, in resources and
// actions; other strings are left alone.
func TestStrict_timeouts(t *testing.T) {
	ctx := context.Background()
	res := map[string]schema.Attribute{
		"timeouts": timeouts.Attributes(ctx, timeouts.Opts{Create: true, Update: true}),
		"name":     schema.StringAttribute{Optional: true},
	}
	act := map[string]actionschema.Attribute{"timeouts": actiontimeouts.AttributesWithOpts(ctx, actiontimeouts.Opts{})}
	for pass := 1; pass <= 2; pass++ {
		framework.Strict(res)
		framework.Strict(act)
		nested := res["timeouts"].(schema.SingleNestedAttribute).Attributes
		for _, name := range []string{"create", "update"} {
			vs := nested[name].(schema.StringAttribute).Validators
			if len(vs) != 1 || vs[0] != tfkit.PositiveDuration {
				t.Errorf("pass %d: timeouts.%s validators %v, want PositiveDuration in the place of the package's own", pass, name, vs)
			}
		}
		if vs := act["timeouts"].(actionschema.SingleNestedAttribute).Attributes["invoke"].(actionschema.StringAttribute).Validators; len(vs) != 1 || vs[0] != tfkit.PositiveDuration {
			t.Errorf("pass %d: action timeouts.invoke validators %v", pass, vs)
		}
		if vs := res["name"].(schema.StringAttribute).Validators; len(vs) != 0 {
			t.Errorf("pass %d: name got validators %v", pass, vs)
		}
	}
	for value, want := range map[string]string{"-5s": `must be a positive duration, such as "90s" or "30m", got "-5s"`, "0s": "got \"0s\"", "1s": "",
		// The package's own message did not name the attribute.
		"soon": `timeouts.create must be a duration: a number with a unit, h, m or s (such as "90s", "30m" or "1h30m"), got "soon".`,
		"1h30": `timeouts.create must be a duration: a number with a unit`, "2562047h": "",
		// Written with its unit, it was said to lack one.
		"9999999999h": `timeouts.create must be at most 2562047h (about 292 years), the longest duration, got "9999999999h": give a shorter one`,
		// Negative and too long for Go: told to be shorter, not positive.
		"-9999999999h": `timeouts.create must be a positive duration, such as "90s" or "30m", got "-9999999999h": a negative wait would give up at once.`} {
		var resp validator.StringResponse
		tfkit.PositiveDuration.ValidateString(ctx, validator.StringRequest{Path: path.Root("timeouts").AtName("create"), ConfigValue: types.StringValue(value)}, &resp)
		got := ""
		if resp.Diagnostics.HasError() {
			got = resp.Diagnostics.Errors()[0].Detail()
		}
		if (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("%q: error %q, want one containing %q", value, got, want)
		}
	}
}
