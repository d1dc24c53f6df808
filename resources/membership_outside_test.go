package resources_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccSkillGroupMembers_addedOutsideWarns: two configurations that share
// a group (one holds its whole membership, the other adds an agent with
// contactcenter_skill_group_member, or a ccsync roster's queue_ids does)
// undo each other at every apply, and neither plan said so: the update
// showed "- { agent_id = ... }" as if the configuration had dropped the
// agent. The plan warns, naming the agents this configuration did not put
// in the group; an agent taken out of members is not named; a destroy
// plan names them too.
func TestAccSkillGroupMembers_addedOutsideWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	queID, agID := applyMembersConfig(t, w, membersConfig(member("a", 1), member("b", 1)))
	// Another configuration puts c in the group.
	if err := c.Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 3}}); err != nil {
		t.Fatal(err)
	}
	const title = "Agents Added Outside This Configuration Will Leave the Skill Group"
	want := fmt.Sprintf("Skill group %d has 1 agent(s) that this configuration did not put there: 7003 (ag_id %d).", queID, agID)
	// This configuration also drops b, which it put there: not named.
	w.WriteBody(membersConfig(member("a", 1)) + idsOutput)
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-destroy", "-no-color"}} {
		out := strings.Join(strings.Fields(w.Must(0, args...)), " ")
		if !strings.Contains(out, title) || !strings.Contains(out, want) {
			t.Errorf("terraform %s lacks the warning %q:\n%s", strings.Join(args, " "), want, out)
		}
	}
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, title) {
		t.Errorf("a plan after the apply that removed the agent still warns:\n%s", out)
	}
	// An agent the configuration takes out of members is not outside it.
	w.WriteBody(membersConfig() + idsOutput)
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, title) {
		t.Errorf("a plan that takes out an agent the configuration put there warns:\n%s", out)
	}
}

// TestAccSkillGroupMembers_addedOutsideWarnsBesideNewAgent: the warning
// was left out whenever members listed an agent id known only at apply,
// which is every plan that onboards an agent in the same configuration
// (a new for_each key, a new agent resource): the plan showed the agent
// added outside as "- { agent_id = ... }", as if this configuration had
// dropped it, and the apply took it out of the group without a word. The
// plan names it, and says that the agents known only at apply stay if
// they turn out to be it.
func TestAccSkillGroupMembers_addedOutsideWarnsBesideNewAgent(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	queID, agID := applyMembersConfig(t, w, membersConfig(member("a", 1)))
	// The portal (or another configuration) puts c in the group.
	if err := c.Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 3}}); err != nil {
		t.Fatal(err)
	}
	// This configuration onboards a new agent d into the group.
	w.WriteBody(membersConfig(member("a", 1), member("d", 1)) + idsOutput + `
resource "contactcenter_agent" "d" {
  user_num      = "7004"
  user_name     = "D"
  user_password = "Pass-1"
}
`)
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	want := fmt.Sprintf("Skill group %d has 1 agent(s) that this configuration did not put there: 7003 (ag_id %d).", queID, agID)
	const hedge = "this update removes them (members does not list them; 1 agent id(s) of members are known only at apply, and any of these agents they turn out to be stays)"
	if !strings.Contains(out, "Warning: Agents Added Outside This Configuration Will Leave the Skill Group") || !strings.Contains(out, want) || !strings.Contains(out, hedge) {
		t.Errorf("the plan that adds a new agent beside one added outside lacks the warning %q with %q:\n%s", want, hedge, out)
	}
}

// TestAccSkillGroupMember_existingMembershipWarns: a member resource
// created for a membership the group already has with the same skill (put
// there by another configuration's queue_ids or member resource) took it
// over without a word, and its destroy then took the other
// configuration's agent out of the group. The plan warns, naming the
// agent and what a destroy does.
func TestAccSkillGroupMember_existingMembershipWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	queID, agID := applyMembersConfig(t, w, membershipBase)
	// Another configuration puts c in the group.
	if err := env.Client(t).Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(membershipBase + idsOutput + `
resource "contactcenter_skill_group_member" "c" {
  que_id   = contactcenter_skill_group.g.id
  agent_id = contactcenter_agent.c.id
}
resource "contactcenter_skill_group_member" "a" {
  que_id   = contactcenter_skill_group.g.id
  agent_id = contactcenter_agent.a.id
}
`)
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	want := fmt.Sprintf("Agent 7003 (ag_id %d) is already in skill group %d, with skill 1: this create takes that membership over, although the plan shows a new one, "+
		"and destroying this resource later takes the agent out of the group, whoever put it there.", agID, queID)
	if !strings.Contains(out, "Warning: Membership Exists") || !strings.Contains(out, want) || strings.Count(out, "Warning: Membership Exists") != 1 {
		t.Errorf("plan lacks the warning %q once (for c, not for a, which is not in the group):\n%s", want, out)
	}
}

// TestAccAgent_queueIDsAddedOutsideWarns: an agent with queue_ids that
// another configuration (its contactcenter_skill_group_member), a ccsync
// roster or the portal adds to a group planned "- <group>" in queue_ids
// with no warning, as if this configuration had dropped the group, and the
// apply took the agent out of it: the two configurations undid each other
// at every apply. The plan warns, naming the groups this configuration did
// not put the agent in; a group the configuration itself drops is not
// named; a destroy with delete_mode = "resign" (which empties queue_ids)
// names them too.
func TestAccAgent_queueIDsAddedOutsideWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	config := func(queueIDs string) string {
		return fmt.Sprintf(`
resource "contactcenter_skill_group" "g" {
  for_each     = toset(["Billing", "Sales", "Support"])
  que_name     = each.key
  que_priority = 1
  force_delete = true
}
resource "contactcenter_agent" "fay" {
  user_num      = "8260"
  user_name     = "Fay"
  user_password = "Pass-1"
  delete_mode   = "resign"
  queue_ids     = %s
}
output "ids" {
  value = [for k in ["Billing", "Sales", "Support"] : contactcenter_skill_group.g[k].id]
}
`, queueIDs)
	}
	w.WriteBody(config(`[contactcenter_skill_group.g["Billing"].id, contactcenter_skill_group.g["Sales"].id]`))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var got []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &got); err != nil {
		t.Fatal(err)
	}
	support := mustAtoi(t, got[2])
	a, err := c.Agents.GetByNum(t.Context(), "8260")
	if err != nil {
		t.Fatal(err)
	}
	// Another configuration puts the agent in Support.
	if err := c.Queues.Assign(t.Context(), support, []client.AgentSkill{{AgID: a.UserID.Int64(), Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	const title = "Agent Will Leave Groups It Joined Outside This Configuration"
	want := fmt.Sprintf("Agent 8260 (id %d) is in 1 skill group(s) that this configuration did not put it in: %d.", a.UserID.Int64(), support)
	// This configuration also drops Sales, which it put the agent in: not named.
	w.WriteBody(config(`[contactcenter_skill_group.g["Billing"].id]`))
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-destroy", "-no-color"}} {
		out := strings.Join(strings.Fields(w.Must(0, args...)), " ")
		if !strings.Contains(out, "Warning: "+title) || !strings.Contains(out, want) {
			t.Errorf("terraform %s lacks the warning %q:\n%s", strings.Join(args, " "), want, out)
		}
	}
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, title) {
		t.Errorf("a plan after the apply that took the agent out of the group still warns:\n%s", out)
	}
	// A group the configuration takes out of queue_ids is not outside it.
	w.WriteBody(config(`[]`))
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, title) {
		t.Errorf("a plan that takes out a group the configuration put the agent in warns:\n%s", out)
	}
}

// TestAccAgent_removedResignedJoinedOutsideWarns: a resigned agent's
// for_each key removed after another configuration put it in a group.
// Terraform 1.11 plans the delete of an instance no longer in the
// configuration from the state it had before the plan's refresh, whose
// queue_ids lacked that group: the plan did not warn, and the resign
// (which empties queue_ids) took the agent out of it.
func TestAccAgent_removedResignedJoinedOutsideWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	w.WriteBody(`
variable "agents" {
  type    = set(string)
  default = ["8261"]
}
resource "contactcenter_skill_group" "g" {
  for_each     = toset(["Billing", "Support"])
  que_name     = each.key
  que_priority = 1
  force_delete = true
}
resource "contactcenter_agent" "a" {
  for_each      = var.agents
  user_num      = each.key
  user_name     = "Agent ${each.key}"
  user_password = "Pass-1"
  delete_mode   = "resign"
  queue_ids     = [contactcenter_skill_group.g["Billing"].id]
}
output "support" {
  value = contactcenter_skill_group.g["Support"].id
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	support := mustAtoi(t, strings.Trim(strings.TrimSpace(w.Must(0, "output", "-json", "support")), `"`))
	a, err := c.Agents.GetByNum(t.Context(), "8261")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Queues.Assign(t.Context(), support, []client.AgentSkill{{AgID: a.UserID.Int64(), Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Agent 8261 (id %d) is in 1 skill group(s) that this configuration did not put it in: %d. ", a.UserID.Int64(), support)
	for _, args := range [][]string{{"plan", "-no-color", "-var", "agents=[]"}, {"plan", "-destroy", "-refresh=false", "-no-color"}} {
		out := strings.Join(strings.Fields(w.Must(0, args...)), " ")
		if !strings.Contains(out, "Warning: Agent Will Leave Groups It Joined Outside This Configuration") || !strings.Contains(out, want) ||
			!strings.Contains(out, "this destroy resigns the agent and takes it out of every group queue_ids holds, these too") {
			t.Errorf("terraform %s lacks the warning %q:\n%s", strings.Join(args, " "), want, out)
		}
	}
}

// TestAccSkillGroupMembers_addedOutsideWarnsOnReplacement: a new que_id
// replaces the resource, and its destroy half empties the old group of the
// agents the state lists, the one another configuration added since the
// last apply too (the refresh read it). The plan showed only
// "- { agent_id = ... }" in the replaced resource, without the warning an
// update or a destroy gives.
func TestAccSkillGroupMembers_addedOutsideWarnsOnReplacement(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	config := func(group string) string {
		return fmt.Sprintf(`
resource "contactcenter_skill_group" "g" {
  for_each     = toset(["Old", "New"])
  que_name     = each.key
  que_priority = 1
}
resource "contactcenter_agent" "a" {
  for_each      = toset(["8280", "8281"])
  user_num      = each.key
  user_name     = "Agent ${each.key}"
  user_password = "Pass-1"
}
resource "contactcenter_skill_group_members" "m" {
  que_id  = contactcenter_skill_group.g[%q].id
  members = [{ agent_id = contactcenter_agent.a["8280"].id, skill = 1 }]
}
output "ids" {
  value = [contactcenter_skill_group.g["Old"].id, contactcenter_agent.a["8281"].id]
}
`, group)
	}
	w.WriteBody(config("Old"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var got []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &got); err != nil {
		t.Fatal(err)
	}
	queID, agID := mustAtoi(t, got[0]), mustAtoi(t, got[1])
	// Another configuration puts 8281 in the old group.
	if err := c.Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 3}}); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(config("New"))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	want := fmt.Sprintf("Skill group %d has 1 agent(s) that this configuration did not put there: 8281 (ag_id %d).", queID, agID)
	if !strings.Contains(out, "contactcenter_skill_group_members.m must be replaced") ||
		!strings.Contains(out, "Warning: Agents Added Outside This Configuration Will Leave the Skill Group") || !strings.Contains(out, want) ||
		!strings.Contains(out, "this replacement (que_id changes) removes them from it") {
		t.Errorf("the plan replacing the membership for a new que_id lacks the warning %q:\n%s", want, out)
	}
}

// TestAccAgent_replacedResignedJoinedOutsideWarns: a new user_num replaces
// an agent with delete_mode = "resign", and the replacement's destroy
// half resigns the old agent with queue_ids = [], taking it out of a group
// another configuration put it in since the last apply, as a resign's
// destroy does; the destroy warned, the replacement said nothing of it.
func TestAccAgent_replacedResignedJoinedOutsideWarns(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	config := func(num string) string {
		return fmt.Sprintf(`
resource "contactcenter_skill_group" "g" {
  for_each     = toset(["Billing", "Support"])
  que_name     = each.key
  que_priority = 1
  force_delete = true
}
resource "contactcenter_agent" "a" {
  user_num      = %q
  user_name     = "Agent"
  user_password = "Pass-1"
  delete_mode   = "resign"
  queue_ids     = [contactcenter_skill_group.g["Billing"].id]
}
output "support" {
  value = contactcenter_skill_group.g["Support"].id
}
`, num)
	}
	w.WriteBody(config("8271"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	support := mustAtoi(t, strings.Trim(strings.TrimSpace(w.Must(0, "output", "-json", "support")), `"`))
	a, err := c.Agents.GetByNum(t.Context(), "8271")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Queues.Assign(t.Context(), support, []client.AgentSkill{{AgID: a.UserID.Int64(), Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(config("8272"))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	for _, want := range []string{"Warning: Agent Will Leave Groups It Joined Outside This Configuration",
		fmt.Sprintf("Agent 8271 (id %d) is in 1 skill group(s) that this configuration did not put it in: %d. ", a.UserID.Int64(), support),
		"the destroy half of this replacement (user_num changes) resigns the agent and takes it out of every group queue_ids holds, these too"} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan replacing the agent lacks %q:\n%s", want, out)
		}
	}
	// What it warns of: the resigned agent left the group.
	w.Must(0, "apply", "-auto-approve", "-no-color")
	data, err := c.Queues.GetAgents(t.Context(), support)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(data[strconv.FormatInt(support, 10)]); n != 0 {
		t.Errorf("group %d has %d agent(s) after the replacement, want the resigned agent taken out", support, n)
	}
}

// TestAccAgent_queueIDsAddedOutsideWarnsBesideNewGroup: the warning was
// left out whenever queue_ids held a group id known only at apply (the
// agent joins a group made in the same plan): the plan showed the group
// the agent joined outside as "- <id>", as if this configuration had
// dropped it, and the apply took the agent out of it without a word.
func TestAccAgent_queueIDsAddedOutsideWarnsBesideNewGroup(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	base := `
resource "contactcenter_skill_group" "g" {
  for_each     = toset(["Billing", "Support"])
  que_name     = each.key
  que_priority = 1
  force_delete = true
}
output "ids" {
  value = [for k in ["Billing", "Support"] : contactcenter_skill_group.g[k].id]
}
`
	agent := func(queueIDs string) string {
		return fmt.Sprintf(`
resource "contactcenter_agent" "fay" {
  user_num      = "8261"
  user_name     = "Fay"
  user_password = "Pass-1"
  queue_ids     = %s
}
`, queueIDs)
	}
	w.WriteBody(base + agent(`[contactcenter_skill_group.g["Billing"].id]`))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var got []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &got); err != nil {
		t.Fatal(err)
	}
	support := mustAtoi(t, got[1])
	a, err := c.Agents.GetByNum(t.Context(), "8261")
	if err != nil {
		t.Fatal(err)
	}
	// The portal (or another configuration) puts the agent in Support.
	if err := c.Queues.Assign(t.Context(), support, []client.AgentSkill{{AgID: a.UserID.Int64(), Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	// This configuration makes a new group and puts the agent in it.
	w.WriteBody(base + agent(`[contactcenter_skill_group.g["Billing"].id, contactcenter_skill_group.escalation.id]`) + `
resource "contactcenter_skill_group" "escalation" {
  que_name     = "Escalation"
  que_priority = 1
  force_delete = true
}
`)
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	want := fmt.Sprintf("Agent 8261 (id %d) is in 1 skill group(s) that this configuration did not put it in: %d.", a.UserID.Int64(), support)
	const hedge = "1 group id(s) of queue_ids are known only at apply, and any of these groups they turn out to be stays"
	if !strings.Contains(out, "Warning: Agent Will Leave Groups It Joined Outside This Configuration") || !strings.Contains(out, want) || !strings.Contains(out, hedge) {
		t.Errorf("the plan that puts the agent in a new group beside one it joined outside lacks the warning %q with %q:\n%s", want, hedge, out)
	}
}

// TestAccSkillGroupMembers_addedOutsideWarnsAfterImport: an adopted
// contact center (ccsync export terraform, or import blocks) has every
// group's membership imported, and the warning knew what its
// configuration wrote only from a create or an update: an agent added in
// the portal after the import was taken out of the group by the next
// apply, the plan showing only "- { agent_id = ... }" as if the
// configuration had dropped it, for every group not updated since the
// import. The import records the agents it read: the ones added after it
// are named.
func TestAccSkillGroupMembers_addedOutsideWarnsAfterImport(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	queID, agID := applyMembersConfig(t, w, membersConfig(member("a", 1), member("b", 2)))
	// Adopted: the membership leaves the state and is imported back.
	w.Must(0, "state", "rm", "contactcenter_skill_group_members.test")
	w.WriteBody(membersConfig(member("a", 1), member("b", 2)) + idsOutput + fmt.Sprintf(`
import {
  to = contactcenter_skill_group_members.test
  id = "%d"
}
`, queID))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	// The portal puts c in the group.
	if err := c.Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 3}}); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(membersConfig(member("a", 1), member("b", 2)) + idsOutput)
	const title = "Agents Added Outside This Configuration Will Leave the Skill Group"
	want := fmt.Sprintf("Skill group %d has 1 agent(s) that this configuration did not put there: 7003 (ag_id %d).", queID, agID)
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if !strings.Contains(out, title) || !strings.Contains(out, want) {
		t.Errorf("the plan after an import lacks the warning %q:\n%s", want, out)
	}
	// The agents the import read are the configuration's: taking one out
	// of members is not named.
	w.WriteBody(membersConfig(member("a", 1)) + idsOutput)
	out = strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if strings.Contains(out, "did not put there: 7002") || strings.Contains(out, "7002 (ag_id") {
		t.Errorf("the plan names an agent the import read:\n%s", out)
	}
}

// idsOutput is applyMembersConfig's output of the ids; a configuration
// written after it keeps it.
const idsOutput = `
output "ids" {
  value = [contactcenter_skill_group.g.id, contactcenter_agent.c.id]
}
`

// applyMembersConfig applies config (a membersConfig) and returns the ids
// of its group and of its agent c, which the config does not list.
func applyMembersConfig(t *testing.T, w *acctest.Workdir, config string) (queID, agID int64) {
	t.Helper()
	w.WriteBody(config + idsOutput)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var got []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &got); err != nil {
		t.Fatal(err)
	}
	return mustAtoi(t, got[0]), mustAtoi(t, got[1])
}
