package actions

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// At plan, a value for a variable the template lacks (a typo: nam for
// name) is warned of at its key, so Terraform shows the `nam = "x"` line;
// it was shown at the whole params map (its first line). Two strays stay at
// the map, which the warning names them in.
func TestCheckValues_strayAtKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tpl := &client.SMSTemplate{TplParam: []string{"name"}}
	params := func(kv map[string]string) types.Map {
		m := map[string]attr.Value{}
		for k, v := range kv {
			m[k] = types.StringValue(v)
		}
		return types.MapValueMust(types.StringType, m)
	}
	rs := []smsRecipientModel{
		{Mobile: types.StringValue("13800138000"), Params: params(map[string]string{"name": "a", "nam": "x"})},
		{Mobile: types.StringValue("13800138001"), Params: params(map[string]string{"name": "b", "x": "1", "y": "2"})},
	}
	recipients := []client.SMSRecipient{
		{Mobile: "13800138000", Params: map[string]string{"name": "a", "nam": "x"}},
		{Mobile: "13800138001", Params: map[string]string{"name": "b", "x": "1", "y": "2"}},
	}
	var diags diag.Diagnostics
	checkValues(ctx, "3001", tpl, recipients, rs, map[string]string{"cod": "1"}, "", true, &diags)
	want := []path.Path{
		path.Root("params").AtMapKey("cod"),
		path.Root("recipients").AtListIndex(0).AtName("params").AtMapKey("nam"),
		path.Root("recipients").AtListIndex(1).AtName("params"),
	}
	if len(diags) != len(want) {
		t.Fatalf("%d diagnostics, want %d: %v", len(diags), len(want), diags)
	}
	for i, d := range diags {
		got := path.Empty()
		if dp, ok := d.(diag.DiagnosticWithPath); ok {
			got = dp.Path()
		}
		if d.Summary() != "Template Values Not Used" || !got.Equal(want[i]) {
			t.Errorf("%s at %q, want at %q: %s", d.Summary(), got, want[i], d.Detail())
		}
	}
}
