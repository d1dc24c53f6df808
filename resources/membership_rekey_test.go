package resources_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// groupHolds checks that the platform's group contactcenter_skill_group.g
// holds exactly the agents contactcenter_agent.<name> (a state check: the
// older Check functions do not take for_each instances).
func groupHolds(t *testing.T, c *client.Client, agents ...string) statecheck.StateCheck {
	return stateCheckFunc(func(st *tfjson.State) error {
		ids := map[string]string{}
		for _, r := range st.Values.RootModule.Resources {
			if id, ok := r.AttributeValues["id"].(string); ok {
				ids[r.Address] = id
			}
		}
		q, _ := strconv.ParseInt(ids["contactcenter_skill_group.g"], 10, 64)
		data, err := c.Queues.GetAgents(t.Context(), q)
		if err != nil {
			return err
		}
		var got, want []string
		for _, it := range data[strconv.FormatInt(q, 10)] {
			got = append(got, strconv.FormatInt(it.AgID.Int64(), 10))
		}
		for _, name := range agents {
			want = append(want, ids["contactcenter_agent."+name])
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			return fmt.Errorf("group %d holds agents %v, want %v", q, got, want)
		}
		return nil
	})
}

// slowCancel holds every queue/cancel_assign for a moment before the
// simulator acts on it: the old instance's delete, sent first, lands after
// the new instance's create, as it does when the network is slow.
func slowCancel(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/queue/cancel_assign") {
			time.Sleep(300 * time.Millisecond)
		}
		next.ServeHTTP(w, r)
	})
}

// memberForEach writes one contactcenter_skill_group_member per agent a, b
// and c, keyed "<prefix>-<agent>", with skill level 1 (or the one given).
func memberForEach(prefix string, skill ...int) string {
	level, lifecycle := 1, ""
	if len(skill) > 0 {
		// With a skill given, create_before_destroy too.
		level, lifecycle = skill[0], "lifecycle {\n    create_before_destroy = true\n  }"
	}
	return membershipBase + fmt.Sprintf(`
locals {
  agents = { a = contactcenter_agent.a.id, b = contactcenter_agent.b.id, c = contactcenter_agent.c.id }
}
resource "contactcenter_skill_group_member" "m" {
  for_each = { for k, id in local.agents : "%s-${k}" => id }
  que_id   = contactcenter_skill_group.g.id
  agent_id = each.value
  skill    = %d
  %s
}
`, prefix, level, lifecycle)
}

// membersForEach writes the group's whole membership (a, b and c) under
// the for_each key k.
func membersForEach(k string) string {
	return membershipBase + fmt.Sprintf(`
resource "contactcenter_skill_group_members" "m" {
  for_each = toset([%q])
  que_id   = contactcenter_skill_group.g.id
  members = [
    { agent_id = contactcenter_agent.a.id, skill = 1 },
    { agent_id = contactcenter_agent.b.id, skill = 1 },
    { agent_id = contactcenter_agent.c.id, skill = 1 },
  ]
}
`, k)
}

// TestAccSkillGroupMembership_rekeyWithoutMoved: a for_each key changed
// without a moved block (or per-agent resources swapped for the group's
// whole membership, which no moved block can express) deletes the old
// instances and creates new ones for the same memberships, at the same
// time. The deletes, landing last, removed what the creates had just made:
// the apply reported success, the agents were out of the group, and the
// next plan wanted to create them again. Each membership is now written by
// one instance at a time, and a delete leaves alone what a create of the
// same apply made: every step ends with the three agents in the group and
// an empty plan.
func TestAccSkillGroupMembership_rekeyWithoutMoved(t *testing.T) {
	t.Parallel()
	env := acctest.NewWithHandler(t, slowCancel)
	c := env.Client(t)
	all := []statecheck.StateCheck{groupHolds(t, c, "a", "b", "c")}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(memberForEach("sales")), ConfigStateChecks: all},
			{Config: env.Config(memberForEach("team")), ConfigStateChecks: all},
			{Config: env.Config(membersForEach("support")), ConfigStateChecks: all},
			{Config: env.Config(membersForEach("help")), ConfigStateChecks: all},
			{Config: env.Config(memberForEach("sales")), ConfigStateChecks: all},
			// The harness's final state cannot hold for_each instances: destroy in a step.
			{Config: env.ProviderConfig()},
		},
	})
}

// TestAccSkillGroupMember_rekeyWithNewSkill: a key changed without a moved
// block and the skill changed in the same apply, with
// create_before_destroy. Whichever instance writes first, the agents end in
// the group with the new skill and the next plan is empty. (When the new
// instance's create came first, it met the old membership with the old
// skill and failed, and the old instance's delete then took the agent out
// of the group; TestSkillGroupMember_lostAnswer's adoption step makes
// that order certain.)
func TestAccSkillGroupMember_rekeyWithNewSkill(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { acctest.PreCheck(t) },
		ProtoV6ProviderFactories: env.Factories(),
		Steps: []resource.TestStep{
			{Config: env.Config(memberForEach("sales", 1)), ConfigStateChecks: []statecheck.StateCheck{groupSkills(t, c, 1)}},
			{Config: env.Config(memberForEach("team", 4)), ConfigStateChecks: []statecheck.StateCheck{groupSkills(t, c, 4)}},
			{Config: env.ProviderConfig()},
		},
	})
}

// groupSkills checks that agents a, b and c are in contactcenter_skill_group.g
// with skill level skill.
func groupSkills(t *testing.T, c *client.Client, skill int64) statecheck.StateCheck {
	return stateCheckFunc(func(st *tfjson.State) error {
		ids := map[string]string{}
		for _, r := range st.Values.RootModule.Resources {
			if id, ok := r.AttributeValues["id"].(string); ok {
				ids[r.Address] = id
			}
		}
		q := ids["contactcenter_skill_group.g"]
		n, _ := strconv.ParseInt(q, 10, 64)
		data, err := c.Queues.GetAgents(t.Context(), n)
		if err != nil {
			return err
		}
		got := map[string]int64{}
		for _, it := range data[q] {
			got[strconv.FormatInt(it.AgID.Int64(), 10)] = it.Skill.Int64()
		}
		for _, name := range []string{"a", "b", "c"} {
			if s, in := got[ids["contactcenter_agent."+name]]; !in || s != skill {
				return fmt.Errorf("group %s holds %v, want agents a, b and c with skill %d", q, got, skill)
			}
		}
		return nil
	})
}

// TestAccSkillGroupMembership_rekeyWarnsAtPlan: a for_each key changed
// without a moved block plans a delete of each old instance and a create
// of the new one for the same membership, which Terraform applies in any
// order: when the deletes ran first (312 pairs: every delete before any
// create), the agents were out of their groups for most of the apply, and
// neither the plan nor the apply said so (the docs said the provider kept
// them). The plan warns, naming the agents and the group; a plan with a
// moved block, or one that only adds, does not.
func TestAccSkillGroupMembership_rekeyWarnsAtPlan(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	const ids = `
output "ids" {
  value = [contactcenter_skill_group.g.id, contactcenter_agent.a.id, contactcenter_agent.b.id, contactcenter_agent.c.id]
}
`
	w.WriteBody(memberForEach("sales") + ids)
	if out := w.Must(0, "apply", "-auto-approve", "-no-color"); strings.Contains(out, "Removed and Added Again") {
		t.Errorf("a plan that only adds warns:\n%s", out)
	}
	var got []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &got); err != nil {
		t.Fatal(err)
	}
	moved := `
moved {
  from = contactcenter_skill_group_member.m["sales-a"]
  to   = contactcenter_skill_group_member.m["team-a"]
}
moved {
  from = contactcenter_skill_group_member.m["sales-b"]
  to   = contactcenter_skill_group_member.m["team-b"]
}
moved {
  from = contactcenter_skill_group_member.m["sales-c"]
  to   = contactcenter_skill_group_member.m["team-c"]
}
`
	w.WriteBody(memberForEach("team") + ids + moved)
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Removed and Added Again") {
		t.Errorf("a plan with moved blocks warns:\n%s", out)
	}
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	w.WriteBody(memberForEach("team") + ids)
	// One warning per membership; Terraform shows the first in full.
	out := flat(w.Must(0, "plan", "-no-color"))
	re := regexp.MustCompile(`The membership of agent\(s\) (\d+) in skill group ` + got[0] + ` is removed by one resource instance and added again by another in this plan`)
	if m := re.FindStringSubmatch(out); m == nil || !slices.Contains(got[1:], m[1]) || !strings.Contains(out, "(and 2 more similar warnings elsewhere)") {
		t.Errorf("plan of a key changed without moved blocks lacks three warnings %q:\n%s", re, out)
	}
	// The whole group's membership, moved from the per-agent form: one
	// warning names the three agents.
	w.WriteBody(membersForEach("support") + ids)
	out = flat(w.Must(0, "apply", "-auto-approve", "-no-color"))
	agents := slices.Clone(got[1:])
	slices.SortFunc(agents, func(a, b string) int { return cmp.Compare(mustAtoi(t, a), mustAtoi(t, b)) })
	want := fmt.Sprintf("The membership of agent(s) %s in skill group %s is removed by one resource instance and added again by another", strings.Join(agents, ", "), got[0])
	if !strings.Contains(out, "Membership Removed and Added Again") || !strings.Contains(out, want) {
		t.Errorf("moving to contactcenter_skill_group_members lacks the warning %q:\n%s", want, out)
	}
	if out := w.Must(0, "plan", "-no-color", "-detailed-exitcode"); strings.Contains(out, "Removed and Added Again") {
		t.Errorf("an empty plan after the apply warns:\n%s", out)
	}
	w.Must(0, "destroy", "-auto-approve", "-no-color")
}
