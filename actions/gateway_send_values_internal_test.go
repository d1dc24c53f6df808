package actions

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A shared sms_params_list value after one known only at invoke is checked
// by its position in the list: every recipient gives one value of its own,
// so each takes the shared second value, which is refused at plan for the
// zero-width space it begins with. It was counted as the first value, which
// the recipients give, and left to the invoke.
func TestGatewaySendValues_sharedPositionAfterUnknown(t *testing.T) {
	t.Parallel()
	list := func(vs ...attr.Value) types.List { return types.ListValueMust(types.StringType, vs) }
	m := gatewaySMSSendModel{
		SmsParams:     types.MapNull(types.StringType),
		SmsParamsList: list(types.StringUnknown(), types.StringValue("\u200b5")),
	}
	rs := []gatewayRecipientModel{
		{Mobile: types.StringValue("13800138000"), SmsParamsList: list(types.StringValue("a"))},
		{Mobile: types.StringValue("13800138001"), SmsParamsList: list(types.StringValue("b"))},
	}
	vs := gatewaySendValues(m, rs)
	want := path.Root("sms_params_list").AtListIndex(1)
	found := false
	for _, v := range vs {
		if v.p.Equal(want) {
			found = true
			if v.of != "value 2 in sms_params_list" {
				t.Errorf("the value is named %q, want %q", v.of, "value 2 in sms_params_list")
			}
		}
	}
	if !found {
		t.Fatalf("the values checked leave out %s, which every recipient takes; got %d values: %+v", want, len(vs), vs)
	}
}
