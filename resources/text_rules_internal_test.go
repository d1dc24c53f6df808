package resources

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// An agent number or phone typed with a Chinese input method (full-width
// digits) or pasted with an invisible character was taken without a word,
// and ccsync then refused the roster it exported; the plan warns (the
// platform takes such a value, so a portal agent holding one can still be
// adopted).
func TestLookalikeNumber(t *testing.T) {
	for value, want := range map[string]string{
		"６０３２":             `user_num "６０３２" has full-width digits (０-９): the platform takes it, but as another number than the one it looks like`,
		"＋8613800138000":   `has the full-width character '＋'`,
		"6032\u200b":       `has the invisible character U+200B (pasted with it?)`,
		"6032":             "",
		"A-001":            "",
		"+86 138 0013 800": "",
	} {
		var resp validator.StringResponse
		lookalikeNumber{}.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("user_num"), ConfigValue: types.StringValue(value)}, &resp)
		switch {
		case want == "" && len(resp.Diagnostics) != 0:
			t.Errorf("%q: %v, want nothing", value, resp.Diagnostics)
		case want != "" && (len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity() != diag.SeverityWarning || !strings.Contains(resp.Diagnostics[0].Detail(), want)):
			t.Errorf("%q: %v, want a warning with %q", value, resp.Diagnostics, want)
		}
	}
	var sr resource.SchemaResponse
	NewAgentResource().Schema(context.Background(), resource.SchemaRequest{}, &sr)
	for _, name := range []string{"user_num", "user_sms_phone", "fixed_phone"} {
		found := false
		for _, v := range sr.Schema.Attributes[name].(schema.StringAttribute).Validators {
			_, ok := v.(lookalikeNumber)
			found = found || ok
		}
		if !found {
			t.Errorf("the agent's %s is not checked for look-alike characters", name)
		}
	}
}
