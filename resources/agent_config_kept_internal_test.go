package resources

import (
	"context"
	"strconv"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/defaults"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// TestAgentConfigScalarsTagged: every setting client.AgentSettings names
// is a field of the model (tfsdk), so keepUnanswered finds it.
func TestAgentConfigScalarsTagged(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Error(r)
		}
	}()
	// An empty config member answers none: each setting is looked up.
	new(AgentConfigFields).keepUnanswered(&client.AgentConfig{}, AgentConfigFields{})
}

// TestKeepUnanswered: a setting the config member answers keeps the read's
// value; one it lacks takes the state's, or null where that is unknown.
func TestKeepUnanswered(t *testing.T) {
	three := client.FlexInt(3)
	f := AgentConfigFields{UserPhoneType: types.Int64Value(3), UserLoginState: types.Int64Null(), IsForbiddenLogin: types.BoolNull()}
	before := AgentConfigFields{UserPhoneType: types.Int64Value(1), UserLoginState: types.Int64Value(2), IsForbiddenLogin: types.BoolUnknown(),
		MaxSessions: types.Int64Unknown(), IsEnableOutbound: types.BoolValue(true)}
	f.keepUnanswered(&client.AgentConfig{UserPhoneType: &three}, before)
	for name, pair := range map[string][2]any{
		"user_phone_type":    {f.UserPhoneType, types.Int64Value(3)},
		"user_login_state":   {f.UserLoginState, types.Int64Value(2)},
		"is_forbidden_login": {f.IsForbiddenLogin, types.BoolNull()},
		"max_sessions":       {f.MaxSessions, types.Int64Null()},
		"is_enable_outbound": {f.IsEnableOutbound, types.BoolValue(true)},
	} {
		if pair[0] != pair[1] {
			t.Errorf("%s: %v, want %v", name, pair[0], pair[1])
		}
	}
}

// TestAgentSettingsDefaults: the schema's default of each config setting
// is the add default client.AgentSettings gives it (what ccsync export
// leaves out), and a setting without one there has none in the schema.
func TestAgentSettingsDefaults(t *testing.T) {
	attrs := AgentAttributes()
	for _, s := range client.AgentSettings {
		got := ""
		switch a := attrs[s.Name].(type) {
		case schema.Int64Attribute:
			if a.Default != nil {
				var resp defaults.Int64Response
				a.Default.DefaultInt64(context.Background(), defaults.Int64Request{}, &resp)
				got = strconv.FormatInt(resp.PlanValue.ValueInt64(), 10)
			}
		case schema.BoolAttribute:
			if a.Default != nil {
				var resp defaults.BoolResponse
				a.Default.DefaultBool(context.Background(), defaults.BoolRequest{}, &resp)
				got = strconv.FormatBool(resp.PlanValue.ValueBool())
			}
		default:
			t.Fatalf("%s is a %T", s.Name, a)
		}
		if got != s.Default {
			t.Errorf("%s: schema default %q, client.AgentSettings %q", s.Name, got, s.Default)
		}
	}
}
