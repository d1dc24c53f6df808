package resources_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccSkillGroupMembers_importWarnsOfAgentsNotListed: a membership
// adopted by an import (terraform query -generate-config-out, or an import
// block beside a hand-written contactcenter_skill_group_members) whose
// group gained an agent in the portal after the configuration was written:
// the plan showed its removal as an ordinary update, and the import's
// apply took the agent out of the group without a word. The plan (and the
// apply) now name it, with its skill and the way out; listed, it is not
// named; the apply still removes it, and the next plan is quiet.
func TestAccSkillGroupMembers_importWarnsOfAgentsNotListed(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	w := env.Workdir(t)
	queID, agID := applyMembersConfig(t, w, membersConfig(member("a", 1), member("b", 2)))
	// The configuration to adopt the membership is written (a and b), then
	// the portal puts c in the group.
	w.Must(0, "state", "rm", "contactcenter_skill_group_members.test")
	if err := c.Queues.Assign(t.Context(), queID, []client.AgentSkill{{AgID: agID, Skill: 3}}); err != nil {
		t.Fatal(err)
	}
	imp := fmt.Sprintf("import {\n  to = contactcenter_skill_group_members.test\n  id = \"%d\"\n}\n", queID)
	const title = "Warning: Imported Skill Group Has Agents Members Does Not List"
	want := fmt.Sprintf("This plan imports the membership of skill group %d, which has 1 agent(s) that members does not list: 7003 (ag_id %d, skill 3).", queID, agID)
	const way = "To keep them in the group, add them to members with the skill shown; to take them out of it, apply as planned."
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	w.WriteBody(membersConfig(member("a", 1), member("b", 2)) + idsOutput + imp)
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-no-color", "-refresh=false"}} {
		out := flat(w.Must(0, args...))
		if !strings.Contains(out, title) || !strings.Contains(out, want) || !strings.Contains(out, way) || strings.Count(out, title) != 1 {
			t.Errorf("terraform %s lacks the warning (once) %q:\n%s", strings.Join(args, " "), want, out)
		}
		if strings.Contains(out, "Agents Added Outside This Configuration") {
			t.Errorf("terraform %s: an import's plan also warns of agents added outside:\n%s", strings.Join(args, " "), out)
		}
	}
	// Listed, the agent stays, and nothing is said.
	w.WriteBody(membersConfig(member("a", 1), member("b", 2), member("c", 3)) + idsOutput + imp)
	if out := flat(w.Must(0, "plan", "-no-color")); strings.Contains(out, title) || !strings.Contains(out, "1 to import, 0 to add, 0 to change") {
		t.Errorf("an import that lists every agent of the group: want no change and no warning:\n%s", out)
	}
	// The apply does what it did: c leaves the group; it says why.
	w.WriteBody(membersConfig(member("a", 1), member("b", 2)) + idsOutput + imp)
	if out := flat(w.Must(0, "apply", "-auto-approve", "-no-color")); !strings.Contains(out, want) {
		t.Errorf("the import's apply lacks the warning %q:\n%s", want, out)
	}
	data, err := c.Queues.GetAgents(t.Context(), queID)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range data[strconv.FormatInt(queID, 10)] {
		if a.AgID.Int64() == agID {
			t.Errorf("the import's apply left agent %d in the group: the apply is unchanged, it removes it", agID)
		}
	}
	w.WriteBody(membersConfig(member("a", 1), member("b", 2)) + idsOutput)
	if out := flat(w.Must(0, "plan", "-no-color")); strings.Contains(out, title) || !strings.Contains(out, "No changes.") {
		t.Errorf("the plan after the import: want no change and no warning:\n%s", out)
	}
}
