package tfkit

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// TestEnumAndSetRules: an integer enum listed its values as quoted text
// without their meaning (`value must be one of: ["1" "2" "3"], got: 4`),
// and a set's element was named by Go's value (queue_ids[Value(0)]).
func TestEnumAndSetRules(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	status := OneOf(Means(1, "on duty"), Means(2, "resigned"), Means(3, "frozen"))
	one := func(v types.Int64) string {
		var resp validator.Int64Response
		status.ValidateInt64(ctx, validator.Int64Request{Path: path.Root("user_status"), ConfigValue: v}, &resp)
		if len(resp.Diagnostics) == 0 {
			return ""
		}
		return resp.Diagnostics[0].Detail()
	}
	if got, want := one(types.Int64Value(4)), "user_status 4 is not one of 1 (on duty), 2 (resigned), 3 (frozen)."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, v := range []types.Int64{types.Int64Value(2), types.Int64Null(), types.Int64Unknown()} {
		if got := one(v); got != "" {
			t.Errorf("%v: %q, want no error", v, got)
		}
	}
	set := func(p path.Path, v EachInt64Validator, elems ...int64) []string {
		vals := make([]attr.Value, len(elems))
		for i, e := range elems {
			vals[i] = types.Int64Value(e)
		}
		sv, d := types.SetValue(types.Int64Type, vals)
		if d.HasError() {
			t.Fatal(d)
		}
		var resp validator.SetResponse
		v.ValidateSet(ctx, validator.SetRequest{Path: p, ConfigValue: sv}, &resp)
		var out []string
		for _, d := range resp.Diagnostics {
			if pd, ok := d.(interface{ Path() path.Path }); !ok || !pd.Path().Equal(p) {
				t.Errorf("%s: not at %s", d.Detail(), p)
			}
			out = append(out, d.Detail())
		}
		return out
	}
	if got := set(path.Root("queue_ids"), EachInt64(AtLeastID(1, "skill-group")), 3, 0); len(got) != 1 || got[0] != "queue_ids holds 0: skill-group ids start at 1." {
		t.Errorf("queue_ids: %q", got)
	}
	if got := set(path.Root("user_status"), EachInt64(status), 1, 4); len(got) != 1 || got[0] != "user_status holds 4, which is not one of 1 (on duty), 2 (resigned), 3 (frozen)." {
		t.Errorf("user_status: %q", got)
	}
	if got := AttrName(path.Root("members").AtSetValue(types.StringValue("x")).AtName("agent_id")); got != "members.agent_id" {
		t.Errorf("AttrName: %q", got)
	}
	if got := AttrName(path.Root("recall_strategies").AtMapKey("asr").AtName("recall")); got != `recall_strategies["asr"].recall` {
		t.Errorf("AttrName: %q", got)
	}
}
