package resources

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// agentNamed names the agent of a state: "Agent 9001 (id 1001)".
func agentNamed(state tftypes.Value) string {
	var id, num string
	_, _ = rawAttr(state, "id").As(&id), rawAttr(state, "user_num").As(&num)
	return fmt.Sprintf("Agent %s (id %s)", num, id)
}

// agentUndoneByDefault are the agent's settings a default undoes
// (warnUndoneByDefault): an agent frozen in the portal (user_status 3,
// §3.3) was unfrozen by the next apply made for anything else, the plan
// showing only user_status = 3 -> 1 among its changes; one resigned there
// (2, a leaver) was re-activated; one barred from logging in
// (is_forbidden_login, also one imported barred) let in again;
// multi-factor login turned on in the portal (is_enable_mfa = 1, §4.2) was
// turned off by the next apply, `is_enable_mfa = 1 -> 2`, and an agent
// barred from outbound calls (is_enable_outbound = false) could call out
// again, `is_enable_outbound = false -> true`. The agent's other defaults
// (web phone, state after login, automatic login, the outbound pop-up,
// changing one's own capacity) are the agent's way of working, which the
// plan's diff shows well enough.
var agentUndoneByDefault = []undoneByDefault{
	{attr: []string{"user_status"}, only: "3", title: "Agent Unfrozen by the Default Status", holds: "is frozen", how: "frozen",
		def: "1 (on duty)", does: "unfreezes the agent", keep: "To keep it frozen"},
	{attr: []string{"user_status"}, only: "2", title: "Agent Re-activated by the Default Status", holds: "is resigned", how: "resigned",
		def: "1 (on duty)", does: "re-activates the agent, who can sign in again", keep: "To keep it resigned"},
	{attr: []string{"is_forbidden_login"}, title: "Agent Allowed to Log In by the Default", holds: "is barred from logging in", how: "barred",
		def: "false", does: "lets the agent log in again", keep: "To keep it barred"},
	{attr: []string{"is_enable_mfa"}, title: "Agent MFA Turned Off by the Default", holds: "logs in with multi-factor authentication", how: "turned on",
		def: "2 (off)", does: "turns multi-factor login off for the agent, who then logs in with the password alone", keep: "To keep it on"},
	{attr: []string{"is_enable_outbound"}, title: "Agent Allowed Outbound Calls by the Default", holds: "may not place outbound calls", how: "barred",
		def: "true", does: "lets the agent place outbound calls again", keep: "To keep them barred"},
}
