package resources_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// errorSnippets maps each error diagnostic's resource address to the code
// of its snippet, the line Terraform shows it at, in a -json run's output.
func errorSnippets(out string) map[string]string {
	got := map[string]string{}
	for _, d := range acctest.JSONDiagnostics(out) {
		if d.Severity == "error" {
			got[d.Address] = d.Code
		}
	}
	return got
}

// TestAccSkillGroupMembers_refusalAtMembers: queue/assign refusing an agent
// of members (406 ag_id not of this enterprise, in the item of a code-500
// overall result, §7.2: an agent deleted in the portal that the roster
// still lists) showed the first line of the resource block, at create and
// at update; it is shown at members now.
func TestAccSkillGroupMembers_refusalAtMembers(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	pw := "Secret123!"
	a, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("9001"), UserName: new("Ann"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	agent := strconv.FormatInt(a.UserID.Int64(), 10)
	created, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Created", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	updated, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: "Updated", QuePriority: 1})
	if err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	config := func(roster string) string {
		return `
resource "contactcenter_skill_group_members" "created" {
  que_id  = "` + created + `"
  members = [{ agent_id = "4242", skill = 1 }]
}

resource "contactcenter_skill_group_members" "updated" {
  que_id = "` + updated + `"
  members = [
    ` + roster + `
  ]
}
`
	}
	w.WriteBody(config(`{ agent_id = "` + agent + `", skill = 1 },`))
	_, out := w.Run("apply", "-auto-approve", "-json")
	want := map[string]string{"contactcenter_skill_group_members.created": `members = [{ agent_id = "4242", skill = 1 }]`}
	got := errorSnippets(out)
	if got["contactcenter_skill_group_members.created"] != want["contactcenter_skill_group_members.created"] || len(got) != 1 {
		t.Errorf("create: the errors show %q; want %q", got, want)
	}
	w.WriteBody(config(`{ agent_id = "` + agent + `", skill = 1 },
    { agent_id = "4243", skill = 1 },`))
	_, out = w.Run("apply", "-auto-approve", "-json", "-target=contactcenter_skill_group_members.updated")
	got = errorSnippets(out)
	if code := got["contactcenter_skill_group_members.updated"]; !strings.HasPrefix(code, "members = [") {
		t.Errorf("update: the error shows %q; want the members line", code)
	}
	if t.Failed() {
		t.Log(out)
	}
}
