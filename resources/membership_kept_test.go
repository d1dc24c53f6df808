package resources_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccMembership_keptQueueIDs: a membership resource puts an agent in a
// group its queue_ids leaves out, and the agent's update does not change
// queue_ids (only user_name), so users/edit does not send it and the agent
// stays in the group. Written second, the agent's read-back said "Agent
// Updated, but Read Back With Other Values ... Either someone changed them
// in the portal"; written first, nothing was said. The plan said nothing
// when the membership, naming the agent by a literal id, was planned
// first. Now the plan, the apply of the saved plan and the next plans each
// say what the two resources do, and the state keeps the configured
// queue_ids, which the next plan sets back.
func TestAccMembership_keptQueueIDs(t *testing.T) {
	t.Parallel()
	const base = `
resource "contactcenter_skill_group" "sales" {
  que_name     = "Sales"
  que_priority = 1
  force_delete = true
}
resource "contactcenter_skill_group" "support" {
  que_name     = "Support"
  que_priority = 1
  force_delete = true
}
output "sales" { value = contactcenter_skill_group.sales.id }
output "support" { value = contactcenter_skill_group.support.id }
output "id" { value = contactcenter_agent.a.id }
output "queue_ids" { value = contactcenter_agent.a.queue_ids }
`
	agent := func(name, extra string) string {
		return `
resource "contactcenter_agent" "a" {
  user_num      = "8921"
  user_name     = "` + name + `"
  user_password = "s3cret-Pass1"
  queue_ids     = [contactcenter_skill_group.sales.id]` + extra + `
}
`
	}
	const members = `
resource "contactcenter_skill_group_members" "m" {
  que_id  = contactcenter_skill_group.support.id
  members = [for id in ["ID"] : { agent_id = id, skill = 1 }]EXTRA
}
`
	const member = `
resource "contactcenter_skill_group_member" "m" {
  que_id   = contactcenter_skill_group.support.id
  agent_id = "ID"EXTRA
}
`
	const keptPlan = "queue_ids lists all of an agent's groups: it does not change, so this apply does not send it and leaves the agent in "
	for name, tc := range map[string]struct {
		membership, agentExtra, membershipExtra string
		planAt, plan, applyAt, apply            string
	}{
		// The agent depends on the membership: planned and written second.
		"agent second": {membership: members, agentExtra: "\n  depends_on = [contactcenter_skill_group_members.m]",
			planAt: "contactcenter_agent.a", plan: "Agent 8921 (id ID) is planned with a queue_ids (skill group(s) SALES) that leaves out groups this plan also puts it in: " +
				"skill group SUPPORT (by a contactcenter_skill_group_members). " + keptPlan + "those groups, while its state keeps the configured queue_ids",
			applyAt: "contactcenter_agent.a", apply: "Agent 8921 (id ID) is in groups this apply put it in that its queue_ids (skill group(s) SALES) leaves out: " +
				"skill group SUPPORT (by a contactcenter_skill_group_members). queue_ids lists all of an agent's groups: this update did not send it (it did not change), " +
				"so the agent is still in those groups after this apply, while its state keeps the configured queue_ids: the next plan finds the agent in those groups, and its update takes the agent out."},
		"agent second, single member": {membership: member, agentExtra: "\n  depends_on = [contactcenter_skill_group_member.m]",
			planAt: "contactcenter_agent.a", plan: "that leaves out groups this plan also puts it in: skill group SUPPORT (by a contactcenter_skill_group_member). " + keptPlan,
			applyAt: "contactcenter_agent.a", apply: "Agent 8921 (id ID) is in groups this apply put it in that its queue_ids (skill group(s) SALES) leaves out: " +
				"skill group SUPPORT (by a contactcenter_skill_group_member)."},
		// The membership depends on the agent: written after the agent's
		// update, which sent no queue_ids.
		"membership second": {membership: members, membershipExtra: "\n  depends_on = [contactcenter_agent.a]",
			planAt: "contactcenter_skill_group_members.m", plan: "This contactcenter_skill_group_members puts agent 8921 (id ID) in skill group SUPPORT, and the agent's contactcenter_agent " +
				"is planned with a queue_ids that leaves the group out and does not change (it lists skill group(s) SALES). " + keptPlan + "the group",
			applyAt: "contactcenter_skill_group_members.m", apply: "This contactcenter_skill_group_members puts agent 8921 (id ID) in skill group SUPPORT, and the agent's contactcenter_agent " +
				"was updated in this apply without sending its queue_ids, which did not change and leaves the group out (it lists skill group(s) SALES). " +
				"queue_ids lists all of an agent's groups: this update did not send it (it did not change), so the agent is still in the group after this apply"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			env := acctest.New(t)
			w := env.Workdir(t)
			w.WriteBody(base + agent("A", ""))
			w.Must(0, "apply", "-auto-approve", "-no-color")
			id, sales, support := w.Must(0, "output", "-raw", "id"), w.Must(0, "output", "-raw", "sales"), w.Must(0, "output", "-raw", "support")
			fill := strings.NewReplacer("ID", id, "SUPPORT", support, "SALES", sales).Replace
			w.WriteBody(base + agent("A renamed", tc.agentExtra) + strings.ReplaceAll(strings.ReplaceAll(tc.membership, "EXTRA", tc.membershipExtra), `"ID"`, `"`+id+`"`))
			fold := func(s string) string { return strings.Join(strings.Fields(s), " ") }
			const title = "Warning: Skill Group Managed Twice"
			out := fold(w.Must(0, "plan", "-out", "saved.tfplan", "-no-color"))
			if strings.Count(out, title) != 1 || !strings.Contains(out, title+" with "+tc.planAt) || !strings.Contains(out, fill(tc.plan)) {
				t.Errorf("the plan lacks one %q at %s saying %q:\n%s", title, tc.planAt, fill(tc.plan), out)
			}
			out = fold(w.Must(0, "apply", "-no-color", "saved.tfplan"))
			if strings.Count(out, title) != 1 || !strings.Contains(out, title+" with "+tc.applyAt) || !strings.Contains(out, fill(tc.apply)) {
				t.Errorf("the apply lacks one %q at %s saying %q:\n%s", title, tc.applyAt, fill(tc.apply), out)
			}
			if strings.Contains(out, "Read Back With Other Values") {
				t.Errorf("the apply blames the portal:\n%s", out)
			}
			// As told: the agent is in both groups, its state keeps the
			// configured queue_ids, and the next plan takes it out of
			// support, warning.
			var held []json.Number
			if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "queue_ids")), &held); err != nil || len(held) != 1 || held[0].String() != sales {
				t.Errorf("the state's queue_ids: %v (%v), want [%s]", held, err, sales)
			}
			out = fold(w.Must(0, "plan", "-no-color"))
			for _, want := range []string{"Plan: 0 to add, 1 to change, 0 to destroy.", "queue_ids = [ - " + support + ",", title} {
				if !strings.Contains(out, want) {
					t.Errorf("the next plan lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

// TestAccMembership_twicePlanUnordered: the membership names the agent by
// a literal id, so nothing orders its plan and the agent's: one of the two
// warned only when the agent's plan came first (in 0 of 5 plans of a
// configuration of 3 agents). Each side now records its plan and reads
// the other's, under a lock of the agent: exactly one warns, whichever is
// planned second.
func TestAccMembership_twicePlanUnordered(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	const body = `
resource "contactcenter_skill_group" "g" {
  for_each     = toset(["sales", "support"])
  que_name     = each.key
  que_priority = 1
  force_delete = true
}
resource "contactcenter_agent" "a" {
  for_each      = { for i in range(3) : "a${i}" => i }
  user_num      = "893${each.value}"
  user_name     = "Agent ${each.value}"
  user_password = "s3cret-Pass1"
  queue_ids     = [contactcenter_skill_group.g["sales"].id]
}
output "ids" { value = [for k, a in contactcenter_agent.a : a.id] }
`
	w.WriteBody(body)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var ids []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &ids); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(body + `
locals {
  agent_ids = ["` + strings.Join(ids, `", "`) + `"]
}
resource "contactcenter_skill_group_members" "m" {
  que_id  = contactcenter_skill_group.g["support"].id
  members = [for id in local.agent_ids : { agent_id = id, skill = 1 }]
}
`)
	for range 3 {
		out := w.Must(0, "plan", "-json")
		per := map[string]int{}
		for line := range strings.Lines(out) {
			var m struct {
				Type       string `json:"type"`
				Diagnostic struct {
					Summary, Detail, Address string
				} `json:"diagnostic"`
			}
			if json.Unmarshal([]byte(line), &m) != nil || m.Type != "diagnostic" || m.Diagnostic.Summary != "Skill Group Managed Twice" {
				continue
			}
			for _, id := range ids {
				if strings.Contains(m.Diagnostic.Detail, "(id "+id+")") {
					per[id]++
				}
			}
		}
		for _, id := range ids {
			if per[id] != 1 {
				t.Errorf("agent %s: %d \"Skill Group Managed Twice\" warnings in the plan, want 1 (all: %v)", id, per[id], per)
			}
		}
	}
}
