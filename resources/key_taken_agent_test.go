package resources_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

const agentsListPath = "POST /open/v3/svcapi/users/list"

// TestAccAgent_planRefusesTakenNumber: a state lost (or an agent made in
// the portal after the plan) and the configuration's agent already exists:
// the plan showed a plain create ("Plan: 1 to add"), and only the apply
// was refused, after whatever it had done before. The plan now fails,
// naming the agent, its number and id, and the import block that adopts
// it; with -refresh=false too. A resigned agent's number is not refused (the
// create re-activates it, and the plan warns so), and the import block
// plans an import. The check reads the agents once per plan, never per
// create: a plan of 3 creates lists them twice (the collection and the
// resigned agents), as a plan of one does.
func TestAccAgent_planRefusesTakenNumber(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	pw := "Pass-1"
	kept, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("8701"), UserName: new("Kept Lee"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	former, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("8702"), UserName: new("Former"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Agents.Update(t.Context(), former.UserID.Int64(), client.AgentInput{UserStatus: new(int64(client.AgentStatusResigned))}); err != nil {
		t.Fatal(err)
	}
	body := `
resource "contactcenter_agent" "ann" {
  user_num      = "8701"
  user_name     = "Ann"
  user_password = "Secret-1"
}

resource "contactcenter_agent" "bob" {
  user_num      = "8702"
  user_name     = "Bob"
  user_password = "Secret-1"
}

resource "contactcenter_agent" "cy" {
  user_num      = "8703"
  user_name     = "Cy"
  user_password = "Secret-1"
}
`
	w := env.Workdir(t)
	w.WriteBody(body)
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-no-color", "-refresh=false"}} {
		lists, adds := env.Sim.Stats()[agentsListPath], env.Sim.Stats()["POST /open/v3/svcapi/users/add"]
		out := flat(w.Must(0, args...))
		for _, want := range []string{
			"Warning: Agent Already Exists",
			"with contactcenter_agent.ann,",
			fmt.Sprintf(`This plan creates a new agent with user_num = "8701", and the contact center already has agent %d ("Kept Lee") with that user_num. `+
				"The user_num is unique on the platform, so the apply will refuse this create, after applying what comes before it. "+
				"No resource that this provider configuration plans keeps that agent. The provider is not shown removed or import blocks, -target, other provider configurations or other states, so it cannot tell where that agent came from.", kept.UserID.Int64()),
			"- A removed block (lifecycle { destroy = false }) left it in the contact center, holding the user_num",
			"- Another configuration of this contact center (another team's state) manages it: do not import it here too",
			"- The Terraform state was lost, or restored from a backup older than the apply that made it, or it was made outside Terraform (the portal, a state no longer used): import it",
			`import { to = <the address of this resource, shown above> id = "user_num:8701" }`,
			"ccsync export terraform <empty folder>",
			`"A lost or older state"`,
			"Create Re-activates a Resigned Agent",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("terraform %v lacks %q:\n%s", args, want, out)
			}
		}
		if n := strings.Count(out, "Already Exists"); n != 1 {
			t.Errorf("terraform %v: %d warnings, want 1 (8702 is resigned, 8703 free):\n%s", args, n, out)
		}
		if n := env.Sim.Stats()[agentsListPath] - lists; n != 2 {
			t.Errorf("terraform %v listed agents %d times, want 2 (the collection once, the resigned agents once)", args, n)
		}
		if n := env.Sim.Stats()["POST /open/v3/svcapi/users/add"] - adds; n != 0 {
			t.Errorf("terraform %v sent %d users/add", args, n)
		}
	}
	w.WriteBody(body + `
import {
  to = contactcenter_agent.ann
  id = "user_num:8701"
}
`)
	if out := w.Must(0, "plan", "-no-color"); !strings.Contains(out, "1 to import") || strings.Contains(out, "Already Exists") {
		t.Errorf("plan with the import block:\n%s", out)
	}
}
