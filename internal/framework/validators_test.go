package framework

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

var ruleSchema = schema.Schema{Attributes: map[string]schema.Attribute{
	"type":  schema.Int64Attribute{Optional: true},
	"users": schema.ListAttribute{Optional: true, ElementType: types.StringType},
	"config": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
		"tts":       schema.StringAttribute{Optional: true},
		"scheduler": schema.BoolAttribute{Optional: true},
	}},
}}

func ruleConfig(t *testing.T, typ, users, config tftypes.Value) tfsdk.Config {
	t.Helper()
	ty := ruleSchema.Type().TerraformType(context.Background())
	return tfsdk.Config{Schema: ruleSchema, Raw: tftypes.NewValue(ty, map[string]tftypes.Value{
		"type": typ, "users": users, "config": config,
	})}
}

func TestRequiredWhen(t *testing.T) {
	cfgType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"tts": tftypes.String, "scheduler": tftypes.Bool}}
	listType := tftypes.List{ElementType: tftypes.String}
	cfg := func(tts, sched tftypes.Value) tftypes.Value {
		return tftypes.NewValue(cfgType, map[string]tftypes.Value{"tts": tts, "scheduler": sched})
	}
	nullStr, nullBool := tftypes.NewValue(tftypes.String, nil), tftypes.NewValue(tftypes.Bool, nil)
	unknown := func(ty tftypes.Type) tftypes.Value { return tftypes.NewValue(ty, tftypes.UnknownValue) }
	num := func(n int64) tftypes.Value { return tftypes.NewValue(tftypes.Number, n) }
	users := func(u ...string) tftypes.Value {
		vs := make([]tftypes.Value, len(u))
		for i, s := range u {
			vs[i] = tftypes.NewValue(tftypes.String, s)
		}
		return tftypes.NewValue(listType, vs)
	}
	robotTTS := RequiredWhen("for a robot task (type = 4)", []Condition{Is(path.Root("type"), types.Int64Value(4))},
		path.Root("config").AtName("tts"))
	schedUsers := RequiredWhen("for a robot task with config.scheduler = true", []Condition{
		Is(path.Root("type"), types.Int64Value(4)), Is(path.Root("config").AtName("scheduler"), types.BoolValue(true)),
	}, path.Root("users"))
	noUsers := ForbiddenWhen("for an automatic task (type = 3)", []Condition{Is(path.Root("type"), types.Int64Value(3))}, path.Root("users"))

	cases := map[string]struct {
		rule   ConditionalValidator
		config tfsdk.Config
		want   string // "" = no error
	}{
		"condition holds, attribute missing": {robotTTS, ruleConfig(t, num(4), users(), cfg(nullStr, nullBool)),
			"config.tts is required for a robot task (type = 4)."},
		"condition holds, whole object null": {robotTTS, ruleConfig(t, num(4), users(), tftypes.NewValue(cfgType, nil)),
			"config.tts is required for a robot task (type = 4)."},
		"condition holds, attribute set":     {robotTTS, ruleConfig(t, num(4), users(), cfg(tftypes.NewValue(tftypes.String, "hi"), nullBool)), ""},
		"condition holds, attribute unknown": {robotTTS, ruleConfig(t, num(4), users(), cfg(unknown(tftypes.String), nullBool)), ""},
		"condition does not hold":            {robotTTS, ruleConfig(t, num(1), users(), cfg(nullStr, nullBool)), ""},
		"condition unknown":                  {robotTTS, ruleConfig(t, unknown(tftypes.Number), users(), cfg(nullStr, nullBool)), ""},
		"condition null":                     {robotTTS, ruleConfig(t, tftypes.NewValue(tftypes.Number, nil), users(), cfg(nullStr, nullBool)), ""},
		"two conditions, empty list missing": {schedUsers, ruleConfig(t, num(4), users(), cfg(nullStr, tftypes.NewValue(tftypes.Bool, true))),
			"users is required for a robot task with config.scheduler = true."},
		"two conditions, null list missing": {schedUsers, ruleConfig(t, num(4), tftypes.NewValue(listType, nil), cfg(nullStr, tftypes.NewValue(tftypes.Bool, true))),
			"users is required"},
		"two conditions, list unknown": {schedUsers, ruleConfig(t, num(4), unknown(listType), cfg(nullStr, tftypes.NewValue(tftypes.Bool, true))), ""},
		"two conditions, list set":     {schedUsers, ruleConfig(t, num(4), users("a"), cfg(nullStr, tftypes.NewValue(tftypes.Bool, true))), ""},
		"second condition false":       {schedUsers, ruleConfig(t, num(4), users(), cfg(nullStr, tftypes.NewValue(tftypes.Bool, false))), ""},
		"forbidden, condition holds, attribute set": {noUsers, ruleConfig(t, num(3), users("a"), cfg(nullStr, nullBool)),
			"users cannot be set for an automatic task (type = 3)."},
		"forbidden, condition holds, empty list set": {noUsers, ruleConfig(t, num(3), users(), cfg(nullStr, nullBool)),
			"users cannot be set"},
		"forbidden, condition holds, attribute null": {noUsers, ruleConfig(t, num(3), tftypes.NewValue(listType, nil), cfg(nullStr, nullBool)), ""},
		"forbidden, condition does not hold":         {noUsers, ruleConfig(t, num(1), users("a"), cfg(nullStr, nullBool)), ""},
		"forbidden, condition unknown":               {noUsers, ruleConfig(t, unknown(tftypes.Number), users("a"), cfg(nullStr, nullBool)), ""},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			resp := &resource.ValidateConfigResponse{}
			tc.rule.ValidateResource(context.Background(), resource.ValidateConfigRequest{Config: tc.config}, resp)
			if tc.want == "" {
				if resp.Diagnostics.HasError() {
					t.Fatalf("unexpected error: %v", resp.Diagnostics)
				}
				return
			}
			if resp.Diagnostics.ErrorsCount() != 1 {
				t.Fatalf("want one error %q, got %v", tc.want, resp.Diagnostics)
			}
			if got := resp.Diagnostics.Errors()[0].Detail(); !strings.Contains(got, tc.want) {
				t.Fatalf("error %q does not contain %q", got, tc.want)
			}
		})
	}
}
