package resources

import (
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
