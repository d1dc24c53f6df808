package resources_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccAgent_queueIDsTakeOverWarns: an adopted agent in two groups gets
// queue_ids = [one of them]. The plan can only show "+ queue_ids", which
// reads as additive; a warning names the group the agent will leave.
func TestAccAgent_queueIDsTakeOverWarns(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := acctest.New(t)
	c := env.Client(t)
	var groups []int64
	for _, name := range []string{"Kept", "Left"} {
		id, err := c.Queues.Create(t.Context(), client.SkillGroupInput{QueName: name, QuePriority: 1})
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.ParseInt(id, 10, 64)
		groups = append(groups, n)
	}
	pw := "Adopted-1"
	a, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("8240"), UserName: new("Adopted"), UserPassword: &pw, QueueIDs: &groups})
	if err != nil {
		t.Fatal(err)
	}
	tf, err := acctest.TerraformPath()
	if err != nil {
		t.Fatal(err)
	}
	w := acctest.NewWorkdir(t, tf, env.Reattach(t))
	head := fmt.Sprintf("terraform {\n  required_providers {\n    contactcenter = { source = %q }\n  }\n}\n", strings.TrimPrefix(acctest.ProviderAddr, "registry.terraform.io/"))
	w.Write(head + env.Config(fmt.Sprintf(`
import {
  to = contactcenter_agent.test
  id = "%d"
}
resource "contactcenter_agent" "test" {
  user_num  = "8240"
  user_name = "Adopted"
  queue_ids = [%d]
}
`, a.UserID, groups[0])))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ") // Terraform wraps the text
	want := fmt.Sprintf("so it leaves the skill groups it belongs to now and that are not listed: %d.", groups[1])
	if !strings.Contains(out, "Warning: Agent Will Leave Skill Groups") || !strings.Contains(out, want) || strings.Contains(out, fmt.Sprintf("listed: %d,", groups[0])) {
		t.Errorf("plan output lacks the warning naming group %d:\n%s", groups[1], out)
	}
	// Known only at apply (a list another resource gives), the group ids
	// planned "+ queue_ids = (known after apply)" in silence, and the apply
	// took the agent out of both groups.
	w.Write(head + env.Config(fmt.Sprintf(`
import {
  to = contactcenter_agent.test
  id = "%d"
}
resource "terraform_data" "groups" {
  input = [%d]
}
resource "contactcenter_agent" "test" {
  user_num  = "8240"
  user_name = "Adopted"
  queue_ids = terraform_data.groups.output
}
`, a.UserID, groups[0])))
	out = strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	want = fmt.Sprintf("and queue_ids is known only at apply (in whole or in part): the agent leaves each skill group it belongs to now that the list does not name then: %d, %d.", groups[0], groups[1])
	if !strings.Contains(out, "Warning: Agent Will Leave Skill Groups") || !strings.Contains(out, want) {
		t.Errorf("plan of queue_ids known only at apply lacks %q:\n%s", want, out)
	}
}

// TestAccAgent_queueIDsRemovedWarns: removing queue_ids from an agent's
// configuration plans "queue_ids = [...] -> null", which reads as leaving
// the groups, while the apply leaves the agent in them (Terraform stops
// managing the membership). The plan now says so, naming the groups; and
// queue_ids = [] first is the way out of them.
func TestAccAgent_queueIDsRemovedWarns(t *testing.T) {
	t.Parallel()
	acctest.PreCheck(t)
	env := acctest.New(t)
	c := env.Client(t)
	tf, err := acctest.TerraformPath()
	if err != nil {
		t.Fatal(err)
	}
	w := acctest.NewWorkdir(t, tf, env.Reattach(t))
	head := fmt.Sprintf("terraform {\n  required_providers {\n    contactcenter = { source = %q }\n  }\n}\n", strings.TrimPrefix(acctest.ProviderAddr, "registry.terraform.io/"))
	config := func(queueIDs string) string {
		return head + env.Config(fmt.Sprintf(`
resource "contactcenter_skill_group" "g" {
  que_name     = "Billing"
  que_priority = 1
  force_delete = true
}
resource "contactcenter_agent" "fay" {
  user_num      = "8250"
  user_name     = "Fay"
  user_password = "Pass-1"
  %s
}
`, queueIDs))
	}
	groupsOf := func() []int64 {
		a, err := c.Agents.GetByNum(t.Context(), "8250")
		if err != nil {
			t.Fatal(err)
		}
		return a.QueueIDList()
	}
	w.Write(config("queue_ids = [contactcenter_skill_group.g.id]"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	g := groupsOf()
	if len(g) != 1 {
		t.Fatalf("agent's groups after create: %v", g)
	}
	w.Write(config(""))
	out := strings.Join(strings.Fields(w.Must(0, "plan", "-no-color")), " ")
	if !strings.Contains(out, "Warning: Agent Stays in Its Skill Groups") ||
		!strings.Contains(out, fmt.Sprintf("the agent stays in them (%d), although the plan shows queue_ids going to null", g[0])) {
		t.Errorf("plan output lacks the warning naming group %d:\n%s", g[0], out)
	}
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if got := groupsOf(); len(got) != 1 || got[0] != g[0] {
		t.Errorf("after queue_ids was removed the agent is in %v, want still %v", got, g)
	}
	// The way out, as the warning says: [] first.
	w.Write(config("queue_ids = []"))
	w.Must(0, "apply", "-auto-approve", "-no-color")
	if got := groupsOf(); len(got) != 0 {
		t.Errorf("after queue_ids = [] the agent is in %v, want none", got)
	}
	w.Write(config(""))
	if out := w.Must(0, "plan", "-no-color"); strings.Contains(out, "Agent Stays") {
		t.Errorf("no groups to stay in, yet the plan warns:\n%s", out)
	}
}
