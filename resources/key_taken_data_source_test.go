package resources_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/provider/acctest"
)

// TestAccKeyTaken_dataSourceReadsHolder: a data source that reads, by id,
// the agent whose number a create takes (made outside Terraform) beside
// that create. The key check took the data source's read for a refresh of
// a resource that keeps the agent: it waited 5 s (tfkit.SettleRefreshed)
// for that resource's plan, which never comes, then said nothing, where
// the same plan without the data source warns "Agent Already Exists"; with
// -refresh=false too.
func TestAccKeyTaken_dataSourceReadsHolder(t *testing.T) {
	t.Parallel()
	env := acctest.New(t)
	c := env.Client(t)
	pw := "Pass-1"
	held, err := c.Agents.Create(t.Context(), client.AgentInput{UserNum: new("8761"), UserName: new("Held Outside"), UserPassword: &pw})
	if err != nil {
		t.Fatal(err)
	}
	w := env.Workdir(t)
	w.WriteBody(fmt.Sprintf(`
data "contactcenter_agent" "holder" {
  id = "%d"
}

resource "contactcenter_agent" "new" {
  user_num      = "8761"
  user_name     = "New"
  user_password = "Secret-1"
}
`, held.UserID.Int64()))
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, args := range [][]string{{"plan", "-no-color"}, {"plan", "-no-color", "-refresh=false"}} {
		began := time.Now()
		out := flat(w.Must(0, args...))
		for _, want := range []string{
			"Warning: Agent Already Exists",
			"with contactcenter_agent.new,",
			fmt.Sprintf(`This plan creates a new agent with user_num = "8761", and the contact center already has agent %d ("Held Outside") with that user_num.`, held.UserID.Int64()),
		} {
			if !strings.Contains(out, want) {
				t.Errorf("terraform %v (%.1fs) lacks %q:\n%s", args, time.Since(began).Seconds(), want, out)
			}
		}
		if strings.Contains(out, "Already Managed Here") {
			t.Errorf("terraform %v: the agent the data source reads is not managed here:\n%s", args, out)
		}
	}
}
