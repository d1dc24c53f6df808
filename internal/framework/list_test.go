package framework

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// TestOmitNulls: optional attributes without a default become computed
// (so a generated configuration leaves them out when null) and still plan
// exactly what the configuration says; the others are left as they are.
func TestOmitNulls(t *testing.T) {
	attrs := OmitNulls(map[string]schema.Attribute{
		"name":     schema.StringAttribute{Required: true},
		"trans_to": schema.StringAttribute{Optional: true},
		"password": schema.StringAttribute{Optional: true, Sensitive: true},
		"secret":   schema.StringAttribute{Optional: true, WriteOnly: true},
		"priority": schema.Int64Attribute{Optional: true, Computed: true, Default: int64default.StaticInt64(100)},
		"config": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"que_id": schema.Int64Attribute{Optional: true},
		}},
		"users": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"user_num": schema.StringAttribute{Optional: true},
		}}},
	})
	s := schema.Schema{Attributes: attrs}
	if d := s.ValidateImplementation(context.Background()); d.HasError() {
		t.Fatalf("the schema is not valid: %v", d)
	}
	nested := attrs["config"].(schema.SingleNestedAttribute).Attributes["que_id"]
	listed := attrs["users"].(schema.ListNestedAttribute).NestedObject.Attributes["user_num"]
	for name, a := range map[string]schema.Attribute{"trans_to": attrs["trans_to"], "password": attrs["password"],
		"config": attrs["config"], "config.que_id": nested, "users": attrs["users"], "users.user_num": listed} {
		if !a.IsComputed() || !a.IsOptional() {
			t.Errorf("%s: want optional and computed, got optional=%v computed=%v", name, a.IsOptional(), a.IsComputed())
		}
	}
	if attrs["name"].IsComputed() || attrs["secret"].IsComputed() {
		t.Errorf("required and write-only attributes must stay as they are: %+v %+v", attrs["name"], attrs["secret"])
	}
	if p := attrs["priority"].(schema.Int64Attribute); len(p.PlanModifiers) != 0 {
		t.Errorf("an attribute with a default must stay as it is: %+v", p)
	}

	m := attrs["trans_to"].(schema.StringAttribute).PlanModifiers[0]
	plan := func(config, state types.String) types.String {
		resp := &planmodifier.StringResponse{PlanValue: state}
		m.PlanModifyString(context.Background(), planmodifier.StringRequest{ConfigValue: config, StateValue: state, PlanValue: state}, resp)
		return resp.PlanValue
	}
	if got := plan(types.StringNull(), types.StringValue("ivr_main")); !got.IsNull() {
		t.Errorf("unset in configuration must plan null (as an optional attribute does), got %v", got)
	}
	if got := plan(types.StringValue("ivr_2"), types.StringValue("ivr_2")); got.ValueString() != "ivr_2" {
		t.Errorf("a configured value must be planned as configured, got %v", got)
	}
}

// TestDisplayText: a name made in the portal with control characters is
// one line of `terraform query`'s listing, with nothing sent to the
// terminal raw; ordinary text (CJK, emoji and their joiners, quotes) is
// kept as it is.
func TestDisplayText(t *testing.T) {
	for in, want := range map[string]string{
		"Sales North":                     "Sales North",
		"销售组 🎧 \"VIP\" \\ 50%":            "销售组 🎧 \"VIP\" \\ 50%",
		"tab\tnl\nx":                      `tab\tnl\nx`,
		"esc\x1b[31mRED\x1b[0m\x07bell":   `esc\x1b[31mRED\x1b[0m\abell`,
		"line\u2028sep\u2029end\r":        `line\u2028sep\u2029end\r`,
		"bidi\u202eevil\u200bzero\x7fdel": `bidi\u202eevil\u200bzero\x7fdel`,
		"bad \xff byte":                   "bad \ufffd byte",
		"👨\u200d💻研发告警群":                   "👨\u200d💻研发告警群", // an emoji sequence's joiner is kept
		// A subdivision flag (Scotland) is a black flag and tag characters:
		// kept in the sequence, escaped elsewhere, where they are invisible.
		"Team 🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F": "Team 🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",
		"hid\U000E0061\U000E007Fden": `hid\U000e0061\U000e007fden`,
		"🏴\U000E0067 open":           `🏴\U000e0067 open`,
	} {
		if got := DisplayText(in); got != want {
			t.Errorf("DisplayText(%q) = %q, want %q", in, got, want)
		}
	}
}
