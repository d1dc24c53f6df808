package resources

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// keepUnanswered sets back every setting the config member cfg lacks to
// its value in before, or to null when before's is unknown.
func (f *AgentConfigFields) keepUnanswered(cfg *client.AgentConfig, before AgentConfigFields) {
	keepInt := func(answered bool, to *types.Int64, was types.Int64) {
		if !answered {
			*to = was
			if was.IsUnknown() {
				*to = types.Int64Null()
			}
		}
	}
	keepBool := func(answered bool, to *types.Bool, was types.Bool) {
		if !answered {
			*to = was
			if was.IsUnknown() {
				*to = types.BoolNull()
			}
		}
	}
	keepInt(cfg.UserPhoneType != nil, &f.UserPhoneType, before.UserPhoneType)
	keepInt(cfg.UserLoginState != nil, &f.UserLoginState, before.UserLoginState)
	keepInt(cfg.UserAutoLogin != nil, &f.UserAutoLogin, before.UserAutoLogin)
	keepBool(cfg.IsEnableOutbound != nil, &f.IsEnableOutbound, before.IsEnableOutbound)
	keepInt(cfg.UserOutcallPopup != nil, &f.UserOutcallPopup, before.UserOutcallPopup)
	keepBool(cfg.IsForbiddenLogin != nil, &f.IsForbiddenLogin, before.IsForbiddenLogin)
	keepInt(cfg.MaxSessions != nil, &f.MaxSessions, before.MaxSessions)
	keepInt(cfg.BasicSessions != nil, &f.BasicSessions, before.BasicSessions)
	keepInt(cfg.IsEnableUpdateCapcity != nil, &f.IsEnableUpdateCapcity, before.IsEnableUpdateCapcity)
}

// unansweredStaysUnset is the plan modifier of a config setting with a
// default (user_phone_type, is_forbidden_login, ...): on an agent that
// exists, whose state holds no value for it (the platform's users/list
// never answered it, keepUnanswered: an agent imported, or adopted from
// ccsync export), and which the configuration does not set, the default
// is not planned. What the agent holds is not known: the default planned
// null -> 3 or null -> false, and the first apply after an adoption wrote
// it over what the agent held (an agent forbidden to log in allowed
// again), where the plan of an adoption is to change nothing. Set in the
// configuration, the setting is planned and sent as before.
type unansweredStaysUnset struct{}

func (unansweredStaysUnset) Description(context.Context) string {
	return "A setting the platform has not answered and the configuration does not set is not planned to its default."
}

func (m unansweredStaysUnset) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (unansweredStaysUnset) keep(state tfsdk.State, config, prior attr.Value) bool {
	return !state.Raw.IsNull() && config.IsNull() && prior.IsNull()
}

func (m unansweredStaysUnset) PlanModifyInt64(_ context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	if m.keep(req.State, req.ConfigValue, req.StateValue) {
		resp.PlanValue = types.Int64Null()
	}
}

func (m unansweredStaysUnset) PlanModifyBool(_ context.Context, req planmodifier.BoolRequest, resp *planmodifier.BoolResponse) {
	if m.keep(req.State, req.ConfigValue, req.StateValue) {
		resp.PlanValue = types.BoolNull()
	}
}

// unansweredSettings gives the config settings with a default their
// unansweredStaysUnset modifier (max_sessions and basic_sessions, unset,
// keep the platform's value already).
func unansweredSettings(attrs map[string]schema.Attribute) {
	for _, name := range []string{"user_phone_type", "user_login_state", "user_auto_login", "user_outcall_popup", "is_enable_update_capcity"} {
		a := attrs[name].(schema.Int64Attribute)
		a.PlanModifiers = append(a.PlanModifiers, unansweredStaysUnset{})
		attrs[name] = a
	}
	for _, name := range []string{"is_enable_outbound", "is_forbidden_login"} {
		a := attrs[name].(schema.BoolAttribute)
		a.PlanModifiers = append(a.PlanModifiers, unansweredStaysUnset{})
		attrs[name] = a
	}
}
