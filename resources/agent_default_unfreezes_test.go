package resources_test

import (
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// An agent whose configuration leaves user_status out (it defaults to 1,
// on duty) is frozen after the apply, by an administrator in the portal
// (user_status = 3, §3.3): a stolen password, a leaver on notice. The next
// plan, made for anything else, unfroze it: it showed
// `user_status = 3 -> 1` among the other changes and said nothing. The
// plan now warns, naming the agent, and says how to keep it frozen; a
// configured user_status does not warn.
func TestAccAgent_defaultStatusUnfreezingWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(agentConfig("9001", ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	frozen := int64(3)
	if _, err := env.Client(t).Agents.Update(t.Context(), 1001, client.AgentInput{UserStatus: &frozen}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`user_status = 3 -> 1`,
		`Warning: Agent Unfrozen by the Default Status`,
		`Agent 9001 (id 1001) is frozen on the platform (user_status = 3), frozen outside this configuration, whose user_status is not set and defaults to 1 (on duty): this apply unfreezes the agent.`,
		`To keep it frozen, set user_status = 3; to leave it to the portal, add lifecycle { ignore_changes = [user_status] }.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	w.WriteBody(agentConfig("9001", "  user_status = 1"))
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "Unfrozen") {
		t.Errorf("user_status = 1 is configured, and the plan warns:\n%s", out)
	}
}

// An agent resigned in the portal (user_status = 2, a leaver) whose
// configuration leaves user_status out (it defaults to 1) was re-activated
// by the next plan made for anything else, `user_status = 2 -> 1`, without
// a word: only a frozen agent warned. The plan now warns; a configured
// user_status does not.
func TestAccAgent_defaultStatusReactivatingWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(agentConfig("9004", ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	c := env.Client(t)
	if err := c.Agents.SetStatus(t.Context(), 1001, client.AgentStatusResigned); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`user_status = 2 -> 1`,
		`Warning: Agent Re-activated by the Default Status`,
		`Agent 9004 (id 1001) is resigned on the platform (user_status = 2), resigned outside this configuration, whose user_status is not set and defaults to 1 (on duty): this apply re-activates the agent, who can sign in again.`,
		`To keep it resigned, set user_status = 2; to leave it to the portal, add lifecycle { ignore_changes = [user_status] }.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Unfrozen") {
		t.Errorf("the agent is resigned, and the plan warns of unfreezing it:\n%s", out)
	}
	w.WriteBody(agentConfig("9004", "  user_status = 1"))
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "Re-activated") {
		t.Errorf("user_status = 1 is configured, and the plan warns:\n%s", out)
	}
	w.WriteBody(agentConfig("9004", ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if a, err := c.Agents.Get(t.Context(), 1001); err != nil || a.UserStatus.Int64() != client.AgentStatusOnDuty {
		t.Errorf("the apply the plan warned of should re-activate the agent: %+v, %v", a, err)
	}
}

// An agent barred from logging in in the portal (is_forbidden_login, which
// defaults to false) was let in again by the next plan made for anything
// else, `is_forbidden_login = true -> false`, without a word; the plan now
// warns, and a configured is_forbidden_login does not.
func TestAccAgent_defaultForbiddenLoginWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(agentConfig("9002", ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	barred := true
	if _, err := env.Client(t).Agents.Update(t.Context(), 1001, client.AgentInput{IsForbiddenLogin: &barred}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`is_forbidden_login = true -> false`,
		`Warning: Agent Allowed to Log In by the Default`,
		`Agent 9002 (id 1001) is barred from logging in on the platform (is_forbidden_login = true), barred outside this configuration, whose is_forbidden_login is not set and defaults to false: this apply lets the agent log in again.`,
		`To keep it barred, set is_forbidden_login = true; to leave it to the portal, add lifecycle { ignore_changes = [is_forbidden_login] }.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Unfrozen") {
		t.Errorf("the agent is on duty, and the plan warns of unfreezing it:\n%s", out)
	}
	w.WriteBody(agentConfig("9002", "  is_forbidden_login = false"))
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "Allowed to Log In") {
		t.Errorf("is_forbidden_login = false is configured, and the plan warns:\n%s", out)
	}
}

// Multi-factor login turned on in the portal (is_enable_mfa = 1, which
// defaults to 2) was turned off by the next plan made for anything else,
// `is_enable_mfa = 1 -> 2`, and an agent barred from outbound calls there
// (is_enable_outbound, which defaults to true) could call out again,
// `is_enable_outbound = false -> true`, without a word. The plan now warns
// of each; configured values do not warn, nor does lifecycle
// ignore_changes, which leaves them to the portal.
func TestAccAgent_defaultSecurityWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(agentConfig("9003", ""))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	mfa, outbound := int64(1), false
	if _, err := env.Client(t).Agents.Update(t.Context(), 1001, client.AgentInput{IsEnableMFA: &mfa, IsEnableOutbound: &outbound}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(2, "plan", "-no-color", "-detailed-exitcode")), " ")
	for _, want := range []string{
		`is_enable_mfa = 1 -> 2`,
		`Warning: Agent MFA Turned Off by the Default`,
		`Agent 9003 (id 1001) logs in with multi-factor authentication on the platform (is_enable_mfa = 1), turned on outside this configuration, whose is_enable_mfa is not set and defaults to 2 (off): this apply turns multi-factor login off for the agent, who then logs in with the password alone.`,
		`To keep it on, set is_enable_mfa = 1; to leave it to the portal, add lifecycle { ignore_changes = [is_enable_mfa] }.`,
		`is_enable_outbound = false -> true`,
		`Warning: Agent Allowed Outbound Calls by the Default`,
		`Agent 9003 (id 1001) may not place outbound calls on the platform (is_enable_outbound = false), barred outside this configuration, whose is_enable_outbound is not set and defaults to true: this apply lets the agent place outbound calls again.`,
		`To keep them barred, set is_enable_outbound = false; to leave it to the portal, add lifecycle { ignore_changes = [is_enable_outbound] }.`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan does not say %q:\n%s", want, out)
		}
	}
	w.WriteBody(agentConfig("9003", "  is_enable_mfa = 2\n  is_enable_outbound = true"))
	if out := w.Must(2, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "by the Default") {
		t.Errorf("is_enable_mfa and is_enable_outbound are configured, and the plan warns:\n%s", out)
	}
	w.WriteBody(agentConfig("9003", "  lifecycle {\n    ignore_changes = [is_enable_mfa, is_enable_outbound]\n  }"))
	w.Must(0, "plan", "-no-color", "-detailed-exitcode")
}
