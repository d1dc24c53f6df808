package resources

import (
	"fmt"
	"math/big"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// warnDefaultUnfreezes warns of a plan that unfreezes an agent only because
// user_status is not in the configuration (it defaults to 1, on duty): the
// agent was frozen after the last apply (user_status 3, §3.3; an
// administrator in the portal), and an apply made for anything else let it
// sign in again, the plan showing only user_status = 3 -> 1 among its
// changes. An agent resigned there (user_status 2, a leaver) was
// re-activated the same way, `user_status = 2 -> 1`. is_forbidden_login (defaults to false) is the same case: an
// agent barred from logging in in the portal, or imported barred, was let
// in again by `is_forbidden_login = true -> false`. A configured value says
// what the user wants and does not warn; a replacement (a new user_num)
// creates another agent.
func warnDefaultUnfreezes(req resource.ModifyPlanRequest, diags *diag.Diagnostics) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var id, plannedID, num string
	if rawAttr(req.State.Raw, "id").As(&id) != nil || rawAttr(req.Plan.Raw, "id").As(&plannedID) != nil || plannedID != id ||
		rawAttr(req.State.Raw, "user_num").As(&num) != nil {
		return
	}
	if rawAttr(req.Config.Raw, "user_status").IsNull() {
		var held, planned big.Float
		if rawAttr(req.State.Raw, "user_status").As(&held) == nil && rawAttr(req.Plan.Raw, "user_status").As(&planned) == nil {
			h, _ := held.Int64()
			p, _ := planned.Int64()
			if h == client.AgentStatusFrozen && p != client.AgentStatusFrozen {
				diags.AddAttributeWarning(path.Root("user_status"), "Agent Unfrozen by the Default Status",
					fmt.Sprintf("Agent %s (id %s) is frozen on the platform (user_status = 3), frozen outside this configuration, whose user_status is not set "+
						"and defaults to 1 (on duty): this apply unfreezes the agent. To keep it frozen, set user_status = 3; to leave the status to the portal, "+
						"add lifecycle { ignore_changes = [user_status] }.", num, id))
			}
			if h == client.AgentStatusResigned && p != client.AgentStatusResigned {
				diags.AddAttributeWarning(path.Root("user_status"), "Agent Re-activated by the Default Status",
					fmt.Sprintf("Agent %s (id %s) is resigned on the platform (user_status = 2), resigned outside this configuration, whose user_status is not set "+
						"and defaults to 1 (on duty): this apply re-activates the agent, who can sign in again. To keep it resigned, set user_status = 2; "+
						"to leave the status to the portal, add lifecycle { ignore_changes = [user_status] }.", num, id))
			}
		}
	}
	if rawAttr(req.Config.Raw, "is_forbidden_login").IsNull() {
		var held, planned bool
		if rawAttr(req.State.Raw, "is_forbidden_login").As(&held) == nil && rawAttr(req.Plan.Raw, "is_forbidden_login").As(&planned) == nil && held && !planned {
			diags.AddAttributeWarning(path.Root("is_forbidden_login"), "Agent Allowed to Log In by the Default",
				fmt.Sprintf("Agent %s (id %s) is barred from logging in on the platform (is_forbidden_login = true), barred outside this configuration, "+
					"whose is_forbidden_login is not set and defaults to false: this apply lets the agent log in again. To keep it barred, set "+
					"is_forbidden_login = true; to leave it to the portal, add lifecycle { ignore_changes = [is_forbidden_login] }.", num, id))
		}
	}
	warnUndoneByDefault(req, diags, func(tftypes.Value) string { return fmt.Sprintf("Agent %s (id %s)", num, id) }, agentUndoneByDefault...)
}

// agentUndoneByDefault are the agent's security settings a default undoes:
// multi-factor login turned on in the portal (is_enable_mfa = 1, §4.2) was
// turned off by the next apply, `is_enable_mfa = 1 -> 2`, and an agent
// barred from outbound calls (is_enable_outbound = false) could call out
// again, `is_enable_outbound = false -> true`. The agent's other defaults
// (web phone, state after login, automatic login, the outbound pop-up,
// changing one's own capacity) are the agent's way of working, which the
// plan's diff shows well enough.
var agentUndoneByDefault = []undoneByDefault{
	{attr: []string{"is_enable_mfa"}, title: "Agent MFA Turned Off by the Default", holds: "logs in with multi-factor authentication", how: "turned on",
		def: "2 (off)", does: "turns multi-factor login off for the agent, who then logs in with the password alone", keep: "To keep it on"},
	{attr: []string{"is_enable_outbound"}, title: "Agent Allowed Outbound Calls by the Default", holds: "may not place outbound calls", how: "barred",
		def: "true", does: "lets the agent place outbound calls again", keep: "To keep them barred"},
}
