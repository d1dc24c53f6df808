package resources_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccSkillGroupMembers_removedInstanceAddedOutside: a team's group and
// its whole membership under for_each (a module's instances alike); an
// agent joins the group outside this configuration, and the team is taken
// out of the configuration. Terraform 1.11 plans the delete of an instance
// no longer in the configuration from the state it had before this plan's
// refresh, which did not hold the agent: the plan did not warn that the
// destroy removes it, the destroy left it in the group, and the group's
// delete was refused ("The group still has agents (1): 7003") after the
// team's agents were deleted. Terraform 1.15 refreshes first, and the same
// configuration warned and removed it. The destroy's plan reads the group:
// every Terraform warns, and the destroy removes what the plan read.
func TestAccSkillGroupMembers_removedInstanceAddedOutside(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	w.WriteBody(`
variable "teams" {
  type    = set(string)
  default = ["a"]
}

resource "contactcenter_agent" "c" {
  user_num      = "7003"
  user_name     = "C"
  user_password = "Pass-1"
}

resource "contactcenter_skill_group" "g" {
  for_each     = var.teams
  que_name     = "team-${each.key}"
  que_priority = 1
}

resource "contactcenter_agent" "a" {
  for_each      = var.teams
  user_num      = "7001"
  user_name     = "A"
  user_password = "Pass-1"
}

resource "contactcenter_skill_group_members" "m" {
  for_each = var.teams
  que_id   = contactcenter_skill_group.g[each.key].id
  members  = [{ agent_id = contactcenter_agent.a[each.key].id, skill = 1 }]
}

output "ids" {
  value = [one(values(contactcenter_skill_group.g)[*].id), contactcenter_agent.c.id]
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var got []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &got); err != nil {
		t.Fatal(err)
	}
	queID, agID := mustAtoi(t, got[0]), mustAtoi(t, got[1])
	if err := c.Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 3}}); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color", "-var", "teams=[]")), " ")
	for _, want := range []string{"Warning: Agents Added Outside This Configuration Will Leave the Skill Group",
		`with contactcenter_skill_group_members.m["a"]`,
		fmt.Sprintf("Skill group %d has 1 agent(s) that this configuration did not put there: 7003 (ag_id %d).", queID, agID),
		"so this destroy removes them with the agents it lists"} {
		if !strings.Contains(out, want) {
			t.Errorf("plan removing the team lacks %q:\n%s", want, out)
		}
	}
	w.Must(0, "apply", "-auto-approve", "-no-color", "-var", "teams=[]")
	if _, err := c.Queues.Get(t.Context(), queID); !client.IsNotFound(err) {
		t.Errorf("the team's group after the apply: %v, want it deleted", err)
	}
}

// TestAccSkillGroupMembers_destroyPlanReadsGroupOnce: the plan of a
// destroy read the group it empties (readForDestroy), then, with an agent
// added outside this configuration to name, read it again for the agents'
// numbers (warnAddedOutside), and a third time where the plan refreshed
// it; an update's plan read it for the numbers after its refresh had. One
// read serves each plan: the same warning, one queue/get/agents.
func TestAccSkillGroupMembers_destroyPlanReadsGroupOnce(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	w.WriteBody(membersConfig(member("a", 1)) + `
output "ids" {
  value = [contactcenter_skill_group.g.id, contactcenter_agent.c.id]
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var got []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &got); err != nil {
		t.Fatal(err)
	}
	queID, agID := mustAtoi(t, got[0]), mustAtoi(t, got[1])
	if err := c.Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 3}}); err != nil {
		t.Fatal(err)
	}
	const groupRead = "GET /portal/v2/svcapi/queue/get/agents"
	want := fmt.Sprintf("Skill group %d has 1 agent(s) that this configuration did not put there: 7003 (ag_id %d).", queID, agID)
	// A plan that drops c from members (its refresh read the group), and
	// a destroy's planned from the state.
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-destroy", "-refresh=false", "-no-color"}} {
		before := env.Sim.Stats()[groupRead]
		out := strings.Join(strings.Fields(w.Must(0, args...)), " ")
		if !strings.Contains(out, want) {
			t.Errorf("terraform %s lacks %q:\n%s", strings.Join(args, " "), want, out)
		}
		if n := env.Sim.Stats()[groupRead] - before; n != 1 {
			t.Errorf("terraform %s read the group %d times (%s), want once", strings.Join(args, " "), n, groupRead)
		}
	}
}

// TestAccSkillGroupMembers_failedDestroyReadCleared: the plan of a destroy
// keeps the agents it read in the group for the delete (private state,
// "destroy_read_members"). A delete that failed left them in the state,
// and there they stayed through later plans and applies, for a later
// destroy whose plan could not read the group (-refresh=false, a read
// that failed) to remove agents read long before, which no plan named.
// The next plan of the instance clears them (kept by an update's apply).
func TestAccSkillGroupMembers_failedDestroyReadCleared(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	faults := func(body string) {
		t.Helper()
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, env.Origin+"/_sim/faults", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	kept := func() bool {
		t.Helper()
		var st struct {
			Resources []struct {
				Type      string `json:"type"`
				Instances []struct {
					Private []byte `json:"private"`
				} `json:"instances"`
			} `json:"resources"`
		}
		if err := json.Unmarshal([]byte(w.Must(0, "state", "pull")), &st); err != nil {
			t.Fatal(err)
		}
		for _, r := range st.Resources {
			if r.Type == "contactcenter_skill_group_members" {
				return strings.Contains(string(r.Instances[0].Private), "destroy_read_members")
			}
		}
		t.Fatal("no contactcenter_skill_group_members in the state")
		return false
	}
	w.WriteBody(membersConfig(member("a", 1)))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	faults(`{"force":[{"method":"POST","path":"/portal/v2/svcapi/queue/cancel_assign","code":405,"count":5}]}`)
	w.Must(1, "destroy", "-auto-approve", "-no-color", "-target=contactcenter_skill_group_members.test")
	faults(`{}`)
	if !kept() {
		t.Fatal("the failed destroy left no destroy_read_members: the test no longer sets up what it checks")
	}
	w.WriteBody(membersConfig(member("a", 1), member("b", 1)))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if kept() {
		t.Error("an update after a failed destroy kept the agents that destroy's plan read (destroy_read_members) in the state")
	}
}
