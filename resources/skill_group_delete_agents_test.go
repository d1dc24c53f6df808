package resources_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccSkillGroup_deleteNamesItsAgents: a destroy of a group that
// another configuration (or a ccsync roster, or the portal) put an agent
// in is refused with "group has 1 agent(s)"; the error said only that the
// group "still has agents", while this configuration's plan showed none of
// them. It names them, with where they may have been put in the group.
func TestAccSkillGroup_deleteNamesItsAgents(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	const agent = `
resource "contactcenter_agent" "c" {
  user_num      = "7003"
  user_name     = "C"
  user_password = "Pass-1"
}
`
	w.WriteBody(agent + `
resource "contactcenter_skill_group" "g" {
  que_name     = "Shared"
  que_priority = 1
}
output "ids" {
  value = [contactcenter_skill_group.g.id, contactcenter_agent.c.id]
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var ids []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &ids); err != nil {
		t.Fatal(err)
	}
	queID, agID := mustAtoi(t, ids[0]), mustAtoi(t, ids[1])
	// Another configuration puts the agent in the group.
	if err := env.Client(t).Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 1}}); err != nil {
		t.Fatal(err)
	}
	w.WriteBody(agent)
	out := strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-no-color")), " ")
	for _, want := range []string{
		fmt.Sprintf("The group still has agents (1): 7003 (ag_id %d). Remove them first where they were put in the group", agID),
		"in this configuration or another one; a ccsync roster's queue_ids; the portal",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("apply lacks %q:\n%s", want, out)
		}
	}
}

// TestAccSkillGroup_deleteRefusedNamesGroup: teams under for_each (a
// module's instances alike), two taken out of the configuration at once,
// and the platform refuses both groups' deletes. Terraform shows the error
// of an instance no longer in the configuration without its address, and
// the detail named each group by its id only ("The skill group with id 101
// was not deleted"): which team it was took terraform state show. The
// detail names the group's que_name too ("The skill group with id 101 has
// que_name \"team-north\".").
func TestAccSkillGroup_deleteRefusedNamesGroup(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	w := env.Workdir(t)
	w.WriteBody(`
variable "teams" {
  type    = set(string)
  default = ["north", "south"]
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
output "ids" {
  value = [try(contactcenter_skill_group.g["north"].id, ""), try(contactcenter_skill_group.g["south"].id, ""), contactcenter_agent.c.id]
}
`)
	w.Must(0, "apply", "-auto-approve", "-no-color")
	var ids []string
	if err := json.Unmarshal([]byte(w.Must(0, "output", "-json", "ids")), &ids); err != nil {
		t.Fatal(err)
	}
	agID := mustAtoi(t, ids[2])
	for _, q := range ids[:2] {
		if err := env.Client(t).Queues.Assign(t.Context(), mustAtoi(t, q), []client.AgentSkill{{AgID: agID, Skill: 1}}); err != nil {
			t.Fatal(err)
		}
	}
	out := strings.Join(strings.Fields(w.Must(1, "apply", "-auto-approve", "-no-color", "-var", "teams=[]")), " ")
	for _, want := range []string{
		fmt.Sprintf(`The skill group with id %s has que_name "team-north".`, ids[0]),
		fmt.Sprintf(`The skill group with id %s has que_name "team-south".`, ids[1]),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("apply lacks %q:\n%s", want, out)
		}
	}
}
