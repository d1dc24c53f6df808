package resources_test

import (
	"encoding/json"
	"fmt"
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
	const ids = `
output "ids" {
  value = [contactcenter_skill_group.g.id, contactcenter_agent.c.id]
}
`
	w.WriteBody(membersConfig(member("a", 1), member("b", 1)) + ids)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var got []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &got); err != nil {
		t.Fatal(err)
	}
	queID, agID := mustAtoi(t, got[0]), mustAtoi(t, got[1])
	// Another configuration puts c in the group.
	if err := c.Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 3}}); err != nil {
		t.Fatal(err)
	}
	const title = "Agents Added Outside This Configuration Will Leave the Skill Group"
	want := fmt.Sprintf("Skill group %d has 1 agent(s) that this configuration did not put there: 7003 (ag_id %d).", queID, agID)
	// This configuration also drops b, which it put there: not named.
	w.WriteBody(membersConfig(member("a", 1)) + ids)
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
	w.WriteBody(membersConfig() + ids)
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, title) {
		t.Errorf("a plan that takes out an agent the configuration put there warns:\n%s", out)
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
	const ids = `
output "ids" {
  value = [contactcenter_skill_group.g.id, contactcenter_agent.c.id]
}
`
	w.WriteBody(membershipBase + ids)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var got []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &got); err != nil {
		t.Fatal(err)
	}
	queID, agID := mustAtoi(t, got[0]), mustAtoi(t, got[1])
	// Another configuration puts c in the group.
	if err := env.Client(t).Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(membershipBase + ids + `
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
